import { useId, type ReactNode } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { useText } from '../../../i18n/use-text.ts';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that closes without doing anything; 'Cancel' when not given. */
  cancelLabel?: string;
  busyLabel: string;
  busy: boolean;
  /** A failure of the confirmed action, shown in the dialog. */
  error?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal: Cancel gets the focus first, so Enter never confirms by accident. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useText();
  const bodyId = useId();
  return (
    <Modal title={title} role="alertdialog" describedBy={bodyId} locked={busy} onClose={onCancel}>
      <div id={bodyId}>{children}</div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel ?? t('admin.confirm.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
