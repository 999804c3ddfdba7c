import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Figures } from './figures';

const figuresOf = (text: unknown) => {
  const { container } = render(<p>{Figures({ text })}</p>);
  return { units: [...container.querySelectorAll('.figure')].map((e) => e.textContent), all: container.textContent };
};

describe('Figures', () => {
  it('wraps each amount, date and grouped number as one unit and keeps the words around them', () => {
    const r = figuresOf('MFI Business Loan · ₹24,200.00 · 12 months, first on 27-11-2026 (1,20,000 cap, 26.5 %)');
    expect(r.units).toEqual(['₹24,200.00', '27-11-2026', '1,20,000', '26.5']);
    expect(r.all).toBe('MFI Business Loan · ₹24,200.00 · 12 months, first on 27-11-2026 (1,20,000 cap, 26.5 %)');
  });

  it('leaves text without figures, and anything that is not text, as it is', () => {
    expect(figuresOf('Ravi Kumar').units).toEqual([]);
    expect(figuresOf('Ravi Kumar').all).toBe('Ravi Kumar');
    expect(figuresOf(42).all).toBe('42');
  });
});
