import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t, tIn } from '../../i18n';
import { BorrowerLanguagePicker, useBorrowerLanguage } from './borrower-language';

/** A statement in the borrower's language beside an officer's button in the officer's. */
function Statement() {
  const [language, choose] = useBorrowerLanguage();
  return (
    <>
      <BorrowerLanguagePicker value={language} onChoose={(l) => void choose(l)} />
      <p data-testid="borrower">{tIn(language, 'Cancel')}</p>
      <button type="button">{t('Cancel')}</button>
    </>
  );
}

describe("the borrower's language", () => {
  it("shows the borrower's text in the language picked, loaded first; the officer's screen stays in its own", async () => {
    render(<Statement />);
    expect(screen.getByTestId('borrower').textContent).toBe('Cancel');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'मराठी' }));
    await screen.findByText('रद्द करा');
    expect(screen.getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await screen.findByText('रद्द करें');
  });
});
