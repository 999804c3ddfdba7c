import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptsImages, FileField, type FileFieldProps } from './file-field';

afterEach(cleanup);

const base: FileFieldProps = { label: 'PAN card', accept: 'image/*,application/pdf', status: 'NONE', onPick: () => {}, onClear: () => {} };
const status = () => screen.getByRole('status');
const camera = () => screen.queryByRole('button', { name: /take photo/i });

describe('acceptsImages', () => {
  it.each([
    ['image/*', true],
    ['application/pdf, image/jpeg', true],
    ['.pdf,.JPG', true],
    ['', true],
    [undefined, true],
    ['application/pdf', false],
    ['.pdf,.csv', false],
  ])('%s → %s', (accept, expected) => expect(acceptsImages(accept)).toBe(expected));
});

describe('FileField', () => {
  it('NONE: a labelled file input whose picks reach onPick; nothing to clear, no tick', () => {
    const onPick = vi.fn();
    render(<FileField {...base} onPick={onPick} />);
    const input = screen.getByLabelText('PAN card') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*,application/pdf');
    expect(input.getAttribute('aria-describedby')).toContain(status().id);
    const file = new File(['x'], 'pan.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onPick).toHaveBeenCalledWith([file]);
    expect(status().textContent).toBe('');
    expect(screen.queryByTestId('upload-tick')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear PAN card' })).toBeNull();
  });

  it('PROGRESS: shows a progress bar, says it is uploading and blocks picking and clearing', () => {
    render(<FileField {...base} status="PROGRESS" progress={0.4} cameraEnabled />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading PAN card' }) as HTMLProgressElement;
    expect(bar.value).toBeCloseTo(0.4);
    expect(status().textContent).toBe('Uploading…');
    expect((screen.getByLabelText('PAN card') as HTMLInputElement).disabled).toBe(true);
    expect((camera() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Clear PAN card' })).toBeNull();
  });

  it('SUCCESS: shows the tick, the preview and a clear action that calls onClear', () => {
    const onClear = vi.fn();
    render(
      <FileField
        {...base}
        status="SUCCESS"
        onClear={onClear}
        cameraEnabled
        previews={[{ id: 'f1', name: 'pan.jpg', type: 'image/jpeg', url: 'blob:pan' }]}
      />,
    );
    expect(screen.getByTestId('upload-tick')).toBeTruthy();
    expect(status().textContent).toBe('Uploaded');
    expect(screen.getByRole('img', { name: 'pan.jpg' })).toBeTruthy();
    expect(screen.queryByLabelText('PAN card')).toBeNull();
    expect(camera()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear PAN card' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('FAILED: says so, with no tick, and lets the user pick again', () => {
    render(<FileField {...base} status="FAILED" />);
    expect(status().textContent).toBe('Upload failed. Try again.');
    expect(screen.queryByTestId('upload-tick')).toBeNull();
    expect((screen.getByLabelText('PAN card') as HTMLInputElement).disabled).toBe(false);
  });

  it('offers the camera only when enabled and images are accepted', () => {
    const { rerender } = render(<FileField {...base} cameraEnabled={false} />);
    expect(camera()).toBeNull();
    rerender(<FileField {...base} cameraEnabled accept="application/pdf" />);
    expect(camera()).toBeNull();
    rerender(<FileField {...base} cameraEnabled accept="image/jpeg,image/png" />);
    expect(camera()).not.toBeNull();
  });

  it('keeps picking open for multi-file fields after a success', () => {
    const onPick = vi.fn();
    render(<FileField {...base} multiple status="SUCCESS" onPick={onPick} />);
    const input = screen.getByLabelText('PAN card') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const files = [new File(['a'], 'a.pdf', { type: 'application/pdf' }), new File(['b'], 'b.pdf', { type: 'application/pdf' })];
    fireEvent.change(input, { target: { files } });
    expect(onPick).toHaveBeenCalledWith(files);
  });

  it('renders the geotag warning slot and a field error', () => {
    render(
      <FileField {...base} error="Invalid PAN">
        <p>Photo has no location</p>
      </FileField>,
    );
    expect(screen.getByText('Photo has no location')).toBeTruthy();
    const input = screen.getByLabelText('PAN card');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errorId = input.getAttribute('aria-describedby')!.split(' ')[1]!;
    expect(document.getElementById(errorId)?.textContent).toBe('Invalid PAN');
  });

  it('camera first (a visit photo): the camera leads and picking a file says it is flagged', () => {
    const { container } = render(<FileField {...base} accept="image/jpeg" cameraEnabled cameraFirst />);
    expect(screen.getByText('Pick from phone (flagged)')).toBeTruthy();
    expect(container.querySelector('.ui-file__actions--camera-first')).not.toBeNull();
    expect(camera()).not.toBeNull();
    cleanup();
    render(<FileField {...base} accept="image/jpeg" cameraEnabled />);
    expect(screen.getByText('Choose file')).toBeTruthy();
  });
});
