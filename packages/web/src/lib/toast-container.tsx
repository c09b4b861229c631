import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './toast-settings.ts';

/** Spec §9: toasts sit top-right, close after 5 seconds, at most 20 at once. */
export default function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      theme="light"
      newestOnTop
    />
  );
}
