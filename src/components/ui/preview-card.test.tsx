import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilePreview } from './file-preview';
import { PreviewCard } from './preview-card';

afterEach(cleanup);

const FILES: FilePreview[] = [
  { id: '1', name: 'shop.jpg', type: 'image/jpeg', url: 'blob:shop' },
  { id: '2', name: 'statement.pdf', type: 'application/pdf', url: 'blob:statement' },
  { id: '3', name: 'house.png', type: 'image/png', url: 'blob:house' },
];

describe('PreviewCard', () => {
  it('renders nothing without files', () => {
    const { container } = render(<PreviewCard previews={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('steps through several files with previous/next and an "n / total" counter', () => {
    render(<PreviewCard previews={FILES} />);
    const prev = screen.getByRole('button', { name: 'Previous file' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next file' }) as HTMLButtonElement;
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'shop.jpg' }).getAttribute('src')).toBe('blob:shop');
    expect(prev.disabled).toBe(true);
    fireEvent.click(next);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('PDF')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open statement.pdf' });
    expect(open.getAttribute('href')).toBe('blob:statement');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(document.querySelector('object, iframe, embed')).toBeNull();
    fireEvent.click(next);
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(next.disabled).toBe(true);
    fireEvent.click(prev);
    expect(screen.getByText('2 / 3')).toBeTruthy();
  });

  it('shows no navigation for a single file', () => {
    render(<PreviewCard previews={[FILES[0]!]} />);
    expect(screen.queryByRole('button', { name: 'Next file' })).toBeNull();
    expect(screen.queryByText('1 / 1')).toBeNull();
  });

  it('expands the current file to full screen, where it can still be stepped through', () => {
    render(<PreviewCard previews={FILES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand preview' }));
    const dialog = screen.getByRole('dialog', { name: 'statement.pdf' });
    expect(dialog.classList).toContain('ui-sheet--full');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next file' }));
    expect(screen.getByRole('dialog', { name: 'house.png' })).toBeTruthy();
    expect(within(dialog).getByText('3 / 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('3 / 3')).toBeTruthy();
  });

  it('keeps the counter in range when files are removed', () => {
    const { rerender } = render(<PreviewCard previews={FILES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next file' }));
    rerender(<PreviewCard previews={FILES.slice(0, 2)} />);
    expect(screen.getByText('2 / 2')).toBeTruthy();
  });
});
