// Toasts with the durations of REQ-UI-6: blank and error 4 s, success 2 s, loading until dismissed, custom 4 s.
// react-toastify loads on first use (it is not needed to paint the first screen); ids are ours, so calls stay sync.
import type { ReactNode } from 'react';
import type { Id, ToastOptions } from 'react-toastify';
import { loadLocalizer, localized, t } from '../i18n';

export const TOAST_LIMIT = 20;
export const TOAST_MS = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;

let lib: Promise<typeof import('react-toastify')> | null = null;
/** A load the link dropped is forgotten, so the next call asks again (a kept rejection failed every retry). */
export const loadToastify = () => {
  lib ??= import('react-toastify').catch((err: unknown) => {
    lib = null;
    throw err;
  });
  return lib;
};

let seq = 0;
type Kind = 'default' | 'error' | 'success' | 'info' | 'warning';

// A toast's text is often a message defined far away (a contract, the server's English): it is put in the person's
// language here, once, so no caller can forget; a text already translated, or one no catalogue knows, stays as it is.
function emit(kind: Kind, raw: ReactNode, autoClose: number | false, opts?: ToastOptions): Id {
  const toastId = opts?.toastId ?? `t${++seq}`;
  // The table that finds a text's source again loads with the toasts, not before the first screen.
  void Promise.all([loadToastify(), loadLocalizer()]).then(([{ toast: lib }]) => {
    const text = typeof raw === 'string' ? localized(raw) : raw;
    const o: ToastOptions = { autoClose, ...opts, toastId };
    if (kind === 'default') lib(text, o);
    else lib[kind](text, o);
  });
  return toastId;
}

export const toast = {
  show: (text: ReactNode, opts?: ToastOptions) => emit('default', text, TOAST_MS.blank, opts),
  error: (text: string, opts?: ToastOptions) => emit('error', text, TOAST_MS.error, opts),
  success: (text: string, opts?: ToastOptions) => emit('success', text, TOAST_MS.success, opts),
  info: (text: string, opts?: ToastOptions) => emit('info', text, TOAST_MS.custom, opts),
  warning: (text: string, opts?: ToastOptions) => emit('warning', text, TOAST_MS.custom, opts),
  loading: (text: string): Id => {
    const toastId = `t${++seq}`;
    void loadToastify().then(({ toast: lib }) => lib.loading(t(text), { autoClose: false, toastId }));
    return toastId;
  },
  dismiss: (id?: Id) => void loadToastify().then(({ toast: lib }) => lib.dismiss(id)),
};
