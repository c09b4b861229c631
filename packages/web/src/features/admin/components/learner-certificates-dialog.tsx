import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminLearnerCertificate, AdminLearnerRow } from '@quizquest/shared';
import { Modal } from '../../../components/modal.tsx';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { fetchLearnerDetail, revokeCertificate } from '../api.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { adminToast } from '../lib/toast.ts';

/** The reason's length the server takes (RevokeCertificateRequest): shown on the public check. */
const REASON_MIN = 3;
const REASON_MAX = 500;
const REASON_ID = 'revoke-reason';

type DetailState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; certificates: AdminLearnerCertificate[] };

interface LearnerCertificatesDialogProps {
  learner: AdminLearnerRow;
  onClose: () => void;
}

/**
 * Admin Panel → Learners → Certificates (issue 21): a learner's level certificates, each valid or
 * revoked (when, and why), and Revoke, which asks for the reason. A revoked certificate and every
 * credential signed for it say Revoked wherever they are checked.
 */
export function LearnerCertificatesDialog({ learner, onClose }: LearnerCertificatesDialogProps) {
  const t = useText();
  const who = learner.name || learner.email;
  const [state, setState] = useState<DetailState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [revoking, setRevoking] = useState<AdminLearnerCertificate | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchLearnerDetail(learner._id, controller.signal)
      .then((detail) => setState({ status: 'ready', certificates: detail.certificates }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the certificates', error);
        setState({
          status: 'error',
          message: errorMessage(error, translate('admin.certificates.loadFailed')),
        });
      });
    return () => controller.abort();
  }, [learner._id, reloads]);

  return (
    <Modal title={t('admin.certificates.title', { who })} size="wide" onClose={onClose}>
      <p className="table-note">{learner.email}</p>
      <div aria-live="polite">{notice ? <p className="form-success">{notice}</p> : null}</div>
      {state.status === 'loading' ? <p role="status">{t('admin.certificates.loading')}</p> : null}
      {state.status === 'error' ? (
        <div>
          <p className="form-error" role="alert">
            {state.message}
          </p>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setReloads((count) => count + 1)}
          >
            {t('admin.certificates.tryAgain')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.certificates.length === 0 ? (
        <p>{t('admin.certificates.empty')}</p>
      ) : null}
      {state.status === 'ready' && state.certificates.length > 0 ? (
        <div
          className="table-scroll"
          role="region"
          aria-label={t('admin.certificates.tableLabel')}
          tabIndex={0}
        >
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.certificates.columnLevel')}</th>
                <th scope="col">{t('admin.certificates.columnCode')}</th>
                <th scope="col">{t('admin.certificates.columnIssued')}</th>
                <th scope="col">{t('admin.certificates.columnStatus')}</th>
                <th scope="col">{t('admin.certificates.columnActions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.certificates.map((certificate) => (
                <tr key={certificate.code}>
                  <th scope="row">{t('admin.certificates.level', { level: certificate.level })}</th>
                  <td className="certificate-code">{certificate.code}</td>
                  <td>{formatDate(certificate.issuedAt)}</td>
                  <td>
                    {certificate.revokedAt ? (
                      <>
                        <span className="badge badge-danger">{t('admin.certificates.revoked')}</span>
                        <span className="table-note">
                          {t('admin.certificates.revokedOn', { date: formatDateTime(certificate.revokedAt) })}
                        </span>
                        {certificate.revocationReason ? (
                          <span className="table-note">
                            {t('admin.certificates.reasonNote', { reason: certificate.revocationReason })}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      <span className="badge badge-success">{t('admin.certificates.valid')}</span>
                    )}
                  </td>
                  <td>
                    {certificate.revokedAt ? (
                      '—'
                    ) : (
                      <button
                        type="button"
                        className="button button-danger button-small"
                        aria-label={t('admin.certificates.revokeFor', {
                          level: certificate.level,
                          code: certificate.code,
                        })}
                        onClick={() => {
                          setNotice('');
                          setRevoking(certificate);
                        }}
                      >
                        {t('admin.certificates.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {revoking ? (
        <RevokeDialog
          certificate={revoking}
          who={who}
          onCancel={() => setRevoking(null)}
          onRevoked={(message) => {
            setRevoking(null);
            setNotice(message);
            setReloads((count) => count + 1);
          }}
          onStale={() => setReloads((count) => count + 1)}
        />
      ) : null}
    </Modal>
  );
}

interface RevokeDialogProps {
  certificate: AdminLearnerCertificate;
  who: string;
  onCancel: () => void;
  onRevoked: (message: string) => void;
  /** The list no longer matches the server (revoked meanwhile): read it again. */
  onStale: () => void;
}

/** Asks for the reason, then revokes: the reason is shown to whoever checks the certificate. */
function RevokeDialog({ certificate, who, onCancel, onRevoked, onStale }: RevokeDialogProps) {
  const t = useText();
  const descriptionId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN || trimmed.length > REASON_MAX) {
      setError(t('admin.certificates.reasonLength', { min: REASON_MIN, max: REASON_MAX }));
      document.getElementById(REASON_ID)?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const result = await revokeCertificate(certificate.code, trimmed);
      const message = t('admin.certificates.revokedNotice', {
        level: certificate.level,
        code: result.code,
      });
      adminToast.success(message);
      onRevoked(message);
    } catch (caught) {
      console.error('Failed to revoke the certificate', caught);
      setBusy(false);
      const message = errorMessage(caught, t('admin.certificates.revokeFailed'));
      setError(message);
      adminToast.error(message);
      if (caught instanceof ApiError && (caught.status === 409 || caught.status === 404)) onStale();
    }
  }

  return (
    <Modal
      title={t('admin.certificates.revokeTitle')}
      role="alertdialog"
      describedBy={descriptionId}
      locked={busy}
      onClose={onCancel}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-busy={busy}>
        <p id={descriptionId}>
          {t('admin.certificates.revokeQuestion', {
            level: certificate.level,
            code: certificate.code,
            who,
          })}
        </p>
        <div className="field">
          <label htmlFor={REASON_ID}>{t('admin.certificates.reason')}</label>
          <textarea
            id={REASON_ID}
            className="input"
            rows={3}
            maxLength={REASON_MAX}
            required
            value={reason}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${REASON_ID}-hint ${REASON_ID}-error` : `${REASON_ID}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setError('');
            }}
          />
          <p id={`${REASON_ID}-hint`} className="field-hint">
            {t('admin.certificates.reasonHint', { min: REASON_MIN, max: REASON_MAX })}
          </p>
          {error ? (
            <p id={`${REASON_ID}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
            {t('admin.certificates.keep')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? t('admin.certificates.revoking') : t('admin.certificates.confirmRevoke')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
