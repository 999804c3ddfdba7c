// The real react-toastify in happy-dom (where exit animations never end, the case a keyboard user met): a closed toast
// must not be reachable with Tab.
import { act, render, waitFor } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, expect, it } from 'vitest';
import { keepClosedToastsOutOfTabOrder } from './toast-focus';

const TABBABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
const tabbable = () => [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !el.closest('[inert]'));

let stop = () => {};
afterEach(() => stop());

it('a closed toast and its close button leave the Tab order; an open one stays in it', async () => {
  stop = keepClosedToastsOutOfTabOrder();
  render(<ToastContainer position="bottom-center" />);
  act(() => {
    toast.error('First message', { toastId: 'a', autoClose: false });
    toast.error('Second message', { toastId: 'b', autoClose: false });
  });
  await waitFor(() => expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(2));
  expect(tabbable().length).toBeGreaterThanOrEqual(2);

  act(() => toast.dismiss('a'));
  await waitFor(() => expect(document.querySelector('#a, .Toastify__toast[data-in="false"]')).not.toBeNull());
  await waitFor(() => {
    const gone = [...document.querySelectorAll<HTMLElement>('.Toastify__toast')].filter((t) => t.textContent?.includes('First'));
    for (const t of gone) expect(t.hasAttribute('inert') || !t.isConnected).toBe(true);
  });
  const reachable = tabbable();
  expect(reachable.some((el) => el.closest('.Toastify__toast')?.textContent?.includes('First'))).toBe(false);
  expect(reachable.some((el) => el.closest('.Toastify__toast')?.textContent?.includes('Second'))).toBe(true);
});
