import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { isPinCancelled, useParentPin, type ParentPinHelper } from '../../../components/parent-pin-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { leaveSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { deleteAccount, downloadMyData } from '../api.ts';

interface YourDataSectionProps {
  /** Admin accounts cannot delete themselves (decision 013): the app must keep its admin. */
  canDeleteAccount: boolean;
}

/** Profile: the parent's data rights — a copy of everything stored, and deleting the account. */
export function YourDataSection({ canDeleteAccount }: YourDataSectionProps) {
  const t = useText();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [downloadStatus, setDownloadStatus] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Downloading the data and deleting the account ask for the parent PIN when one is set.
  const { withParentPin, pinDialog } = useParentPin();

  async function handleDownload() {
    if (downloading) return;
    setDownloading(true);
    setDownloadStatus(null);
    try {
      await withParentPin(downloadMyData);
      setDownloadStatus({ kind: 'done', text: t('profile.data.downloaded') });
    } catch (caught) {
      if (isPinCancelled(caught)) setDownloadStatus({ kind: 'done', text: t('profile.data.pinNeeded') });
      else setDownloadStatus({ kind: 'error', text: errorMessage(caught, t('profile.data.downloadFailed')) });
    } finally {
      setDownloading(false);
    }
  }

  function handleDeleted() {
    leaveSignOutNotice(t('profile.data.deleted'));
    clearSession();
    void navigate('/login', { replace: true });
  }

  return (
    <section className="card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('profile.data.title')}</h2>
      <p>
        <Message id="profile.data.intro" components={{ 0: <Link to="/privacy" /> }} />
      </p>
      <div className="your-data-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={downloading}
          onClick={() => void handleDownload()}
        >
          {downloading ? t('profile.data.preparing') : t('profile.data.download')}
        </button>
        {canDeleteAccount ? (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {t('profile.data.delete')}
          </button>
        ) : null}
      </div>
      {downloadStatus?.kind === 'error' ? (
        <p className="form-error" role="alert">
          {downloadStatus.text}
        </p>
      ) : (
        <p className="field-hint" role="status">
          {downloadStatus?.text ?? ''}
        </p>
      )}
      {!canDeleteAccount ? <p className="field-hint">{t('profile.data.adminCannotDelete')}</p> : null}
      {confirming ? (
        <DeleteAccountDialog
          withParentPin={withParentPin}
          onCancel={() => setConfirming(false)}
          onDeleted={handleDeleted}
        />
      ) : null}
      {pinDialog}
    </section>
  );
}

interface DeleteAccountDialogProps {
  withParentPin: ParentPinHelper['withParentPin'];
  onCancel: () => void;
  onDeleted: () => void;
}

const PASSWORD_ID = 'delete-account-password';
const focusPassword = () => document.getElementById(PASSWORD_ID)?.focus();

/** Asks for the password again: deleting cannot be undone. */
function DeleteAccountDialog({ withParentPin, onCancel, onDeleted }: DeleteAccountDialogProps) {
  const t = useText();
  const descriptionId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Bumped when the field should take focus; the effect runs after the render that enables it again.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) focusPassword();
  }, [focusRequest]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(t('profile.deleteAccount.passwordRequired'));
      focusPassword();
      return;
    }
    setError('');
    setBusy(true);
    try {
      await withParentPin(() => deleteAccount({ password }));
      onDeleted();
    } catch (caught) {
      setBusy(false);
      // Closing the PIN dialog deletes nothing: the password stays typed for another go.
      if (isPinCancelled(caught)) {
        setError(t('profile.deleteAccount.pinNeeded'));
        return;
      }
      setError(errorMessage(caught, t('profile.deleteAccount.failed')));
      setPassword('');
      setFocusRequest((count) => count + 1);
    }
  }

  return (
    <Modal
      title={t('profile.deleteAccount.title')}
      role="alertdialog"
      describedBy={descriptionId}
      locked={busy}
      onClose={onCancel}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-busy={busy}>
        <div id={descriptionId}>
          <p>{t('profile.deleteAccount.warning')}</p>
          <p>{t('profile.deleteAccount.anonymousScores')}</p>
        </div>
        <TextField
          id={PASSWORD_ID}
          label={t('profile.deleteAccount.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          hint={t('profile.deleteAccount.passwordHint')}
          value={password}
          disabled={busy}
          onChange={(event) => {
            setPassword(event.target.value);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
            {t('profile.deleteAccount.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? t('profile.deleteAccount.deleting') : t('profile.deleteAccount.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
