import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useText } from '../i18n/use-text.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * The dialogs open now, the newest last: only the newest answers keys, and one opened over another
 * (the parent PIN asked for during a deletion) leaves the one below inert until it closes.
 */
const openDialogs: HTMLElement[] = [];

function backdropOf(dialog: HTMLElement | undefined): HTMLElement | null {
  return dialog?.parentElement ?? null;
}

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'wide' for the quiz form and the statistics. */
  size?: 'narrow' | 'wide';
  /** While true, Escape and the close button do nothing (a save in flight). */
  locked?: boolean;
  /** A role of alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

/**
 * A modal dialog: rendered over the page, focus moves in and stays in (Tab wraps), Escape or the
 * close button closes it, and focus returns to what opened it. The page behind is inert.
 */
export function Modal({
  title,
  onClose,
  children,
  size = 'narrow',
  locked = false,
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const t = useText();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const lockedRef = useRef(locked);

  useEffect(() => {
    closeRef.current = onClose;
    lockedRef.current = locked;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById('root');
    appRoot?.setAttribute('inert', '');
    backdropOf(openDialogs[openDialogs.length - 1])?.setAttribute('inert', '');
    openDialogs.push(dialog);
    const first = focusableIn(dialog).find((element) => !element.classList.contains('modal-close'));
    (first ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!lockedRef.current) closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialog.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialog.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openDialogs.indexOf(dialog);
      if (index >= 0) openDialogs.splice(index, 1);
      const below = openDialogs[openDialogs.length - 1];
      if (below) backdropOf(below)?.removeAttribute('inert');
      else appRoot?.removeAttribute('inert');
      // Back to what opened it; over another dialog, into that dialog when the opener is gone or outside.
      if (opener?.isConnected && (!below || below.contains(opener))) opener.focus();
      else below?.focus();
    };
  }, []);

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={`modal modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="modal-close"
            aria-label={t('common.close')}
            disabled={locked}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
