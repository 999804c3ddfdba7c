// Toasts with the durations of platform §4: blank and error 4 s, success 2 s, loading until dismissed, custom 4 s.
import type { ReactNode } from 'react';
import { toast as toastify, type Id, type ToastOptions } from 'react-toastify';

export const TOAST_LIMIT = 20;
export const TOAST_MS = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;

export const toast = {
  show: (text: ReactNode, opts?: ToastOptions) => toastify(text, { autoClose: TOAST_MS.blank, ...opts }),
  error: (text: string, opts?: ToastOptions) => toastify.error(text, { autoClose: TOAST_MS.error, ...opts }),
  success: (text: string, opts?: ToastOptions) => toastify.success(text, { autoClose: TOAST_MS.success, ...opts }),
  info: (text: string, opts?: ToastOptions) => toastify.info(text, { autoClose: TOAST_MS.custom, ...opts }),
  warning: (text: string, opts?: ToastOptions) => toastify.warning(text, { autoClose: TOAST_MS.custom, ...opts }),
  loading: (text: string): Id => toastify.loading(text, { autoClose: false }),
  dismiss: (id?: Id) => toastify.dismiss(id),
};
