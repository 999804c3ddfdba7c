import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, type ButtonSize, type ButtonVariant } from './button';

afterEach(cleanup);

describe('Button', () => {
  it.each<[ButtonVariant, string]>([
    ['default', 'ui-btn--default'],
    ['outline', 'ui-btn--outline'],
    ['ghost', 'ui-btn--ghost'],
    ['ghostBlack', 'ui-btn--ghost-black'],
    ['ghostBlackOutline', 'ui-btn--ghost-black-outline'],
    ['link', 'ui-btn--link'],
  ])('variant %s has class %s', (variant, cls) => {
    render(<Button variant={variant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.classList).toContain('ui-btn');
    expect(button.classList).toContain(cls);
    expect(button.className.match(/ui-btn--(?!size)[a-z-]+/g)).toEqual([cls]);
  });

  it.each<ButtonSize>(['default', 'sm', 'lg', 'icon', 'link'])('size %s has its class', (size) => {
    render(<Button size={size} aria-label="x" />);
    expect(screen.getByRole('button').classList).toContain(`ui-btn--size-${size}`);
  });

  it('defaults to type=button, default variant and size, and passes native props and the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <Button ref={ref} className="extra" data-x="1" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(ref.current).toBe(button);
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('ui-btn ui-btn--default ui-btn--size-default extra');
    expect(button.dataset.x).toBe('1');
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while busy shows the busy text, is disabled and aria-busy', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button busy busyText="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Saving...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    button.click();
    expect(onClick).not.toHaveBeenCalled();
    rerender(
      <Button busy={false} busyText="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    expect(button.textContent).toBe('Save');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  // A disabled primary action says why, next to it, and is described by it.
  it.each<[string, { disabled?: boolean; busy?: boolean; reason?: string | null }, string | null]>([
    ['disabled with a reason', { disabled: true, reason: 'You are offline.' }, 'You are offline.'],
    ['enabled: the reason is not shown', { reason: 'You are offline.' }, null],
    ['busy: it is working, not refused', { disabled: true, busy: true, reason: 'You are offline.' }, null],
    ['disabled with no reason given', { disabled: true, reason: null }, null],
  ])('%s', (_, props, shown) => {
    render(
      <Button aria-describedby="hint" {...props}>
        Submit
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Submit/ });
    const ids = (button.getAttribute('aria-describedby') ?? '').split(' ');
    if (shown === null) {
      expect(screen.queryByText('You are offline.')).toBeNull();
      expect(ids).toEqual(['hint']);
      return;
    }
    const reason = screen.getByText(shown);
    expect(ids).toEqual([reason.id, 'hint']);
    expect(reason.nextElementSibling).toBe(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
