import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getLocale, loadLocale, setLocale, startLocale, t, tIn, useLocale } from '.';
import { fromPhone } from './locales';

function Screen() {
  useLocale();
  const [typed, setTyped] = useState('');
  return (
    <form>
      <h1>{t('Welcome Back')}</h1>
      <input aria-label="typed" value={typed} onChange={(e) => setTyped(e.target.value)} />
    </form>
  );
}

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('t in English (no catalogue)', () => {
  it('gives the source, with placeholders and ICU plurals', () => {
    expect(t('Get OTP')).toBe('Get OTP');
    expect(t('Resend OTP in {seconds}s', { seconds: 30 })).toBe('Resend OTP in 30s');
    const pending = '{count, plural, one {# visit pending} other {# visits pending}}';
    expect(t(pending, { count: 1 })).toBe('1 visit pending');
    expect(t(pending, { count: 12500 })).toBe('12,500 visits pending');
  });

  it('shows a text that is no valid ICU as it is', () => {
    expect(t('Server said {oops')).toBe('Server said {oops');
  });
});

describe('switching', () => {
  it('loads the catalogue, then texts, plurals and <html lang> follow; the choice is kept on the device', async () => {
    await setLocale('hi');
    expect(getLocale()).toBe('hi');
    expect(t('Get OTP')).toBe('OTP पाएँ');
    expect(t('Wrong PIN. {left} tries left.', { left: 3 })).toBe('गलत PIN। 3 कोशिशें बाकी हैं।');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem('ui-language')).toBe('hi');
    // A source without a Hindi entry yet falls back to its English.
    expect(t('Not in any catalogue {x}', { x: 1 })).toBe('Not in any catalogue 1');
    await setLocale('mr');
    expect(t('Get OTP')).toBe('OTP मिळवा');
    expect(document.documentElement.lang).toBe('mr-IN');
  });

  it('starts in the kept choice, else in the phone’s first language we speak', async () => {
    expect(fromPhone(['fr-FR', 'mr-IN', 'hi'])).toBe('mr');
    expect(fromPhone(['hi-IN', 'en-IN'])).toBe('hi');
    expect(fromPhone(['en-GB', 'hi-IN'])).toBe('en');
    expect(fromPhone(['ta-IN'])).toBe('en');
    localStorage.setItem('ui-language', 'mr');
    expect(await startLocale()).toBe('mr');
    expect(t('Unlock')).toBe('अनलॉक करा');
  });

  it('re-renders a subscribed screen in place: typed text survives the switch', async () => {
    render(<Screen />);
    fireEvent.change(screen.getByLabelText('typed'), { target: { value: '98765' } });
    await act(() => setLocale('hi'));
    expect(screen.getByRole('heading').textContent).toBe('फिर से स्वागत है');
    expect((screen.getByLabelText('typed') as HTMLInputElement).value).toBe('98765');
  });
});

describe('tIn: a text in the borrower’s language, whatever the screen is in', () => {
  it('gives the loaded language’s text while the screen stays English', async () => {
    await loadLocale('mr');
    expect(tIn('mr', 'Cancel')).toBe('रद्द करा');
    expect(t('Cancel')).toBe('Cancel');
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens and brackets, keeping placeholders and plurals', async () => {
    await setLocale('en-XA');
    const text = t('{n, plural, one {# item} other {# items}} left for {name}', { n: 2, name: 'Asha' });
    expect(text).toMatch(/^\[2 îţéɱş ļéƒţ ƒôŗ Asha ·+\]$/);
    expect(text.length).toBeGreaterThan('2 items left for Asha'.length * 1.3);
  });
});
