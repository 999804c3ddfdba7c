import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

afterEach(cleanup);

function Host({ open }: { open: boolean }) {
  return (
    <>
      <button type="button">Opener</button>
      <BottomSheet open={open} title="T" onClose={() => {}}>
        <button type="button">First</button>
        <button type="button" data-autofocus="">
          Wanted
        </button>
      </BottomSheet>
    </>
  );
}

describe('BottomSheet', () => {
  it('renders nothing while closed', () => {
    render(
      <BottomSheet open={false} title="Pick" onClose={() => {}}>
        Body
      </BottomSheet>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title, focuses the first control and closes on Esc and the close button', () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">Opener</button>
        <BottomSheet open title="Pick one" onClose={onClose}>
          <input aria-label="Inside" />
        </BottomSheet>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pick one' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Inside'));
    fireEvent.keyDown(screen.getByLabelText('Inside'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('prefers [data-autofocus] and gives focus back when it closes', () => {
    const { rerender } = render(<Host open={false} />);
    screen.getByText('Opener').focus();
    rerender(<Host open />);
    expect(document.activeElement?.textContent).toBe('Wanted');
    rerender(<Host open={false} />);
    expect(document.activeElement?.textContent).toBe('Opener');
  });

  it('uses the full-screen look when asked', () => {
    render(
      <BottomSheet open size="full" title="Photo" onClose={() => {}}>
        x
      </BottomSheet>,
    );
    expect(screen.getByRole('dialog').classList).toContain('ui-sheet--full');
  });
});
