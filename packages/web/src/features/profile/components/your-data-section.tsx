import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_DELETED_MESSAGE } from '@quizquest/shared';
import { Modal } from '../../../components/modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { leaveSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { deleteAccount, downloadMyData } from '../api.ts';

export const DATA_DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';
export const DATA_DOWNLOAD_DONE = 'Your data has been downloaded.';
export const DELETE_ACCOUNT_FAILED = 'The account could not be deleted. Please try again.';
export const PASSWORD_REQUIRED = 'Please type the password to confirm';

interface YourDataSectionProps {
  /** Admin accounts cannot delete themselves (decision 013): the app must keep its admin. */
  canDeleteAccount: boolean;
}

/** Profile: the parent's data rights — a copy of everything stored, and deleting the account. */
export function YourDataSection({ canDeleteAccount }: YourDataSectionProps) {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [downloadStatus, setDownloadStatus] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function handleDownload() {
    if (downloading) return;
    setDownloading(true);
    setDownloadStatus(null);
    try {
      await downloadMyData();
      setDownloadStatus({ kind: 'done', text: DATA_DOWNLOAD_DONE });
    } catch (caught) {
      setDownloadStatus({ kind: 'error', text: errorMessage(caught, DATA_DOWNLOAD_FAILED) });
    } finally {
      setDownloading(false);
    }
  }

  function handleDeleted() {
    leaveSignOutNotice(ACCOUNT_DELETED_MESSAGE);
    clearSession();
    void navigate('/login', { replace: true });
  }

  return (
    <section className="card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>
        Download a copy of everything QuizQuest keeps about this account, or delete the account. The{' '}
        <Link to="/privacy">Privacy Notice</Link> explains what we keep, why and for how long.
      </p>
      <div className="your-data-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={downloading}
          onClick={() => void handleDownload()}
        >
          {downloading ? 'Preparing your data...' : 'Download my data'}
        </button>
        {canDeleteAccount ? (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Delete account
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
      {!canDeleteAccount ? <p className="field-hint">Admin accounts cannot be deleted here.</p> : null}
      {confirming ? (
        <DeleteAccountDialog onCancel={() => setConfirming(false)} onDeleted={handleDeleted} />
      ) : null}
    </section>
  );
}

interface DeleteAccountDialogProps {
  onCancel: () => void;
  onDeleted: () => void;
}

const PASSWORD_ID = 'delete-account-password';
const focusPassword = () => document.getElementById(PASSWORD_ID)?.focus();

/** Asks for the password again: deleting cannot be undone. */
function DeleteAccountDialog({ onCancel, onDeleted }: DeleteAccountDialogProps) {
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
      setError(PASSWORD_REQUIRED);
      focusPassword();
      return;
    }
    setError('');
    setBusy(true);
    try {
      await deleteAccount({ password });
      onDeleted();
    } catch (caught) {
      setError(errorMessage(caught, DELETE_ACCOUNT_FAILED));
      setBusy(false);
      setPassword('');
      setFocusRequest((count) => count + 1);
    }
  }

  return (
    <Modal
      title="Delete account?"
      role="alertdialog"
      describedBy={descriptionId}
      locked={busy}
      onClose={onCancel}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-busy={busy}>
        <div id={descriptionId}>
          <p>
            This deletes the account for good: the profile, the photo, the plan, the quiz history, the
            certifications and the certificates. It cannot be undone.
          </p>
          <p>
            Quiz scores stay only as anonymous numbers in the quiz statistics, without any name. Download your
            data first if you want to keep a copy.
          </p>
        </div>
        <TextField
          id={PASSWORD_ID}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          hint="Type the account's password to confirm."
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
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
