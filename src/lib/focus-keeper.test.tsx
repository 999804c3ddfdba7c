// The focus after a file pick and after a sheet, with the real components: it follows the control's replacement (the
// picked file's Clear), and waits for a busy trigger to be usable again; it never stays on <body>.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { BottomSheet } from '../components/ui/bottom-sheet';
import { FileField, type UploadStatus } from '../components/ui/file-field';

afterEach(cleanup);

it('a picked file: the focus goes from the (removed) input to its Clear button once the upload is done', async () => {
  const view = (status: UploadStatus) => (
    <FileField label="PAN card" accept="image/*" status={status} onPick={() => undefined} onClear={() => undefined} />
  );
  const { rerender } = render(view('NONE'));
  const input = screen.getByLabelText('PAN card') as HTMLInputElement;
  input.focus();
  fireEvent.change(input, { target: { files: [new File(['x'], 'pan.jpg', { type: 'image/jpeg' })] } });
  rerender(view('PROGRESS'));
  rerender(view('SUCCESS'));
  expect(input.isConnected).toBe(false);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear PAN card' })));
});

function SheetWithBusyTrigger() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" disabled={busy} onClick={() => setOpen(true)}>
        Verify Aadhaar number
      </button>
      <button type="button" onClick={() => setBusy(false)}>
        done
      </button>
      <BottomSheet
        open={open}
        title="Verify Aadhaar"
        onClose={() => {
          setBusy(true);
          setOpen(false);
        }}
      >
        <input aria-label="OTP" />
      </BottomSheet>
    </>
  );
}

it('a sheet whose trigger is busy as it closes: the focus returns to the trigger once it is usable', async () => {
  render(<SheetWithBusyTrigger />);
  const trigger = screen.getByRole('button', { name: 'Verify Aadhaar number' });
  trigger.focus();
  fireEvent.click(trigger);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('OTP')));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(document.activeElement).not.toBe(trigger);
  // The work behind the trigger ends (not a click: a tap would be the person moving on).
  act(() => {
    (screen.getByRole('button', { name: 'done' }) as HTMLButtonElement).click();
  });
  await waitFor(() => expect(document.activeElement).toBe(trigger));
});
