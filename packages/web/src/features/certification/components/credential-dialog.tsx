import { useId, useState, type FormEvent } from 'react';
import { credentialFileName } from '@quizquest/shared';
import { Modal } from '../../../components/modal.tsx';
import { isPinCancelled, type ParentPinHelper } from '../../../components/parent-pin-dialog.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadCredential } from '../api.ts';

export interface CredentialDialogProps {
  level: number;
  /** The learner's name as the credential would carry it, for "Include Asha Rao's name". */
  learnerName: string;
  withParentPin: ParentPinHelper['withParentPin'];
  /** The credential was saved under this file name. */
  onSaved: (fileName: string) => void;
  onCancel: () => void;
}

/**
 * Downloads a level's Open Badges credential (issue 21, decision 037). The learner's name stays out
 * of it unless the box is ticked; then the server asks for the parent PIN when one is set, and
 * useParentPin's dialog opens over this one.
 */
export function CredentialDialog({
  level,
  learnerName,
  withParentPin,
  onSaved,
  onCancel,
}: CredentialDialogProps) {
  const t = useText();
  const descriptionId = useId();
  const checkboxId = useId();
  const [includeName, setIncludeName] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setBusy(true);
    try {
      await withParentPin(() => downloadCredential(level, includeName));
      onSaved(credentialFileName(level));
    } catch (caught) {
      setBusy(false);
      setError(
        isPinCancelled(caught)
          ? t('certification.credential.pinNeeded', { name: learnerName })
          : errorMessage(caught, t('certification.credential.failed')),
      );
    }
  }

  return (
    <Modal
      title={t('certification.credential.title', { level })}
      describedBy={descriptionId}
      locked={busy}
      onClose={onCancel}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-busy={busy}>
        <p id={descriptionId}>{t('certification.credential.intro')}</p>
        <div className="field">
          <div className="checkbox-row">
            <input
              id={checkboxId}
              type="checkbox"
              name="includeName"
              checked={includeName}
              disabled={busy}
              aria-describedby={`${checkboxId}-hint`}
              onChange={(event) => {
                setIncludeName(event.target.checked);
                setError('');
              }}
            />
            <label htmlFor={checkboxId}>
              {t('certification.credential.includeName', { name: learnerName })}
            </label>
          </div>
          <p id={`${checkboxId}-hint`} className="field-hint">
            {t('certification.credential.includeNameHint', { name: learnerName })}
          </p>
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
            {t('certification.credential.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('certification.credential.preparing') : t('certification.credential.download')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
