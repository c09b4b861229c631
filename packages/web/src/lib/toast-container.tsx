import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { useText } from '../i18n/use-text.ts';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './toast-settings.ts';

/** react-toastify's close button, labelled in the language shown (the library's says 'close'). */
function CloseToastButton({ closeToast, theme }: CloseButtonProps) {
  const t = useText();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('common.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** Spec §9: toasts sit top-right, close after 5 seconds, at most 20 at once. */
export default function AppToastContainer() {
  const t = useText();
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      theme="light"
      newestOnTop
      aria-label={t('app.toast.region')}
      closeButton={(props) => <CloseToastButton {...props} />}
    />
  );
}
