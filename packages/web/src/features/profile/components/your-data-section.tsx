import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import {
  isPinCancelled,
  useParentPin,
  type ParentPinHelper,
} from '../../../components/parent-pin-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { msg } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { learnerName } from '../../../lib/learners.ts';
import { clearOfflineData } from '../../../lib/offline/offline-store.ts';
import { clearSession, useAuth } from '../../../lib/session.ts';
import { leaveSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { useLearners } from '../../../lib/use-learners.ts';
import { deleteAccount, downloadFamilyData, downloadMyData } from '../api.ts';

interface YourDataSectionProps {
  /** Admin accounts cannot delete themselves (decision 013): the app must keep its admin. */
  canDeleteAccount: boolean;
}

/** The messages of each download: what it says when done, failed, or stopped at the PIN. */
const DOWNLOADS = {
  mine: {
    run: downloadMyData,
    done: msg('profile.data.downloaded'),
    failed: msg('profile.data.downloadFailed'),
    pinNeeded: msg('profile.data.pinNeeded'),
  },
  family: {
    run: downloadFamilyData,
    done: msg('profile.data.familyDownloaded'),
    failed: msg('profile.data.familyDownloadFailed'),
    pinNeeded: msg('profile.data.familyPinNeeded'),
  },
} as const;

type Download = keyof typeof DOWNLOADS;

/**
 * Profile: the parent's data rights — a copy of everything stored, and deleting the account. A
 * family account with more than one child also offers one file with every child's data.
 */
export function YourDataSection({ canDeleteAccount }: YourDataSectionProps) {
  const t = useText();
  const navigate = useNavigate();
  const { user } = useAuth();
  // An admin has no family: nothing is read for one.
  const learners = useLearners(user && user.role !== 'admin' ? user._id : null);
  const isFamily = learners.status === 'ready' && learners.data.learners.length > 1;
  const mineHoldsId = useId();
  const familyHoldsId = useId();
  const [downloading, setDownloading] = useState<Download | null>(null);
  const [downloadStatus, setDownloadStatus] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Downloading the data and deleting the account ask for the parent PIN when one is set.
  const { withParentPin, pinDialog } = useParentPin();

  async function handleDownload(which: Download) {
    if (downloading) return;
    const download = DOWNLOADS[which];
    setDownloading(which);
    setDownloadStatus(null);
    try {
      await withParentPin(download.run);
      setDownloadStatus({ kind: 'done', text: t(download.done) });
    } catch (caught) {
      if (isPinCancelled(caught)) setDownloadStatus({ kind: 'done', text: t(download.pinNeeded) });
      else setDownloadStatus({ kind: 'error', text: errorMessage(caught, t(download.failed)) });
    } finally {
      setDownloading(null);
    }
  }

  function handleDeleted() {
    leaveSignOutNotice(t('profile.data.deleted'));
    clearSession();
    // The account is gone: so is what this device kept of it (issue 20).
    clearOfflineData().catch((error: unknown) => console.error('Could not clear the offline data', error));
    void navigate('/login', { replace: true });
  }

  return (
    <section className="card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('profile.data.title')}</h2>
      <p>
        <Message id="profile.data.intro" components={{ 0: <Link to="/privacy" /> }} />
      </p>
      {isFamily && user ? (
        <>
          <p id={mineHoldsId}>{t('profile.data.mineHolds', { name: learnerName(user) })}</p>
          <p id={familyHoldsId}>{t('profile.data.familyHolds')}</p>
        </>
      ) : null}
      <div className="your-data-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={downloading !== null}
          aria-describedby={isFamily ? mineHoldsId : undefined}
          onClick={() => void handleDownload('mine')}
        >
          {downloading === 'mine' ? t('profile.data.preparing') : t('profile.data.download')}
        </button>
        {isFamily ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={downloading !== null}
            aria-describedby={familyHoldsId}
            onClick={() => void handleDownload('family')}
          >
            {downloading === 'family' ? t('profile.data.familyPreparing') : t('profile.data.familyDownload')}
          </button>
        ) : null}
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
