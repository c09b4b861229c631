import { notify } from '../../../lib/toast.tsx';

/** Spec §9: the admin dashboard's toasts close after 3 seconds (5 elsewhere). */
export const ADMIN_TOAST_MS = 3000;

function show(kind: 'success' | 'error' | 'info', message: string): void {
  // Every admin message also shows on the page, so a toast that cannot load is no loss.
  notify(kind, message, { autoClose: ADMIN_TOAST_MS });
}

export const adminToast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
