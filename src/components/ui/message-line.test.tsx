import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FooterBar } from './footer-bar';
import { MessageLine, type MessageVariant } from './message-line';

afterEach(cleanup);

describe('MessageLine', () => {
  it.each<[MessageVariant, string]>([
    ['default', 'status'],
    ['warning', 'status'],
    ['success', 'status'],
    ['info', 'status'],
    ['error', 'alert'],
  ])('%s is a %s with its colour class', (variant, role) => {
    render(<MessageLine variant={variant}>Hello</MessageLine>);
    const line = screen.getByRole(role);
    expect(line.textContent).toBe('Hello');
    expect(line.classList).toContain(`ui-msg--${variant}`);
  });
});

describe('FooterBar', () => {
  it('renders its actions in the fixed bar (the page keeps room for it through CSS)', () => {
    render(
      <FooterBar>
        <button type="button">Next</button>
      </FooterBar>,
    );
    const bar = screen.getByText('Next').parentElement!;
    expect(bar.className).toBe('ui-footer-bar');
  });
});
