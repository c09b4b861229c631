import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import { SIGN_IN_TOAST_MS } from './toast-settings.ts';

/*
 * The one toast set-up. react-toastify is fetched with the first toast, not with the first page:
 * most visits to /login show none, and the page has a size budget. Toasts raised before the
 * container mounts wait in react-toastify's queue and show as soon as it does.
 */
const ToastContainer = lazy(() => import('./toast-container.tsx'));

let containerWanted = false;
const listeners = new Set<() => void>();

function wantContainer(): void {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isContainerWanted = () => containerWanted;

export function AppToaster() {
  const wanted = useSyncExternalStore(subscribe, isContainerWanted, isContainerWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** Shows a toast (default duration 5 s unless options say otherwise); resolves to its id. */
export async function showToast(kind: ToastKind, message: ToastContent, options?: ToastOptions): Promise<Id> {
  wantContainer();
  const { toast } = await import('react-toastify');
  return toast[kind](message, options);
}

/** A toast that stays until it is updated or dismissed. */
export async function showLoadingToast(message: string, options?: ToastOptions): Promise<Id> {
  wantContainer();
  const { toast } = await import('react-toastify');
  return toast.loading(message, options);
}

/**
 * Shows a toast and does not wait for it. A toast whose code cannot be fetched (offline) is
 * dropped: every page also shows its message inline.
 */
export function notify(kind: ToastKind, message: ToastContent, options?: ToastOptions): void {
  showToast(kind, message, options).catch(() => undefined);
}

/** Toasts of the sign-in flow (sign-up, e-mail verification, password recovery): 4 s, success 2 s, error 4 s. */
export const signInToast = {
  info: (message: string) => notify('info', message, { autoClose: SIGN_IN_TOAST_MS.default }),
  success: (message: string) => notify('success', message, { autoClose: SIGN_IN_TOAST_MS.success }),
  error: (message: string) => notify('error', message, { autoClose: SIGN_IN_TOAST_MS.error }),
  loading: (message: string) => showLoadingToast(message),
};
