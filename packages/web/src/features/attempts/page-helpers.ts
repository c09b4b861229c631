import { showToast, type ToastKind } from '../../lib/toast.tsx';

/** A toast whose code cannot be fetched (offline) is dropped: the page shows its state inline too. */
export function toast(kind: ToastKind, message: string): void {
  showToast(kind, message).catch(() => undefined);
}

/** Back to the top of the page (the router keeps the scroll position between pages). */
export function scrollToTop(): void {
  const root = document.scrollingElement ?? document.documentElement;
  root.scrollTop = 0;
}
