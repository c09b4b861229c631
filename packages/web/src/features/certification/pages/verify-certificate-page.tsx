import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CERTIFICATE_CODE_PATTERN, type CertificateVerification } from '@quizquest/shared';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, isAbort } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchVerification } from '../api.ts';
import { formatIssuedDate } from '../dates.ts';

type Check =
  | { state: 'checking' }
  | { state: 'found'; certificate: CertificateVerification }
  | { state: 'not-found' }
  | { state: 'failed' };

/**
 * The public page a certificate's QR code opens (/certificates/verify/{code}): it confirms the
 * certificate with the learner's first name, the level and the date, and nothing else; a revoked
 * one says so, with the date and the reason (issue 21).
 */
export function VerifyCertificatePage() {
  const t = useText();
  useDocumentTitle(t('certification.verify.documentTitle'));
  const code = (useParams().code ?? '').trim().toUpperCase();
  const wellFormed = CERTIFICATE_CODE_PATTERN.test(code);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    fetchVerification(code, { signal: controller.signal }).then(
      (certificate) => setCheck({ state: 'found', certificate }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setCheck({ state: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [code, wellFormed, retries]);

  const shown: Check = wellFormed ? check : { state: 'not-found' };

  return (
    <PublicLayout>
      <section className="card card-narrow verify-card" aria-labelledby="page-title">
        <h1 id="page-title">{t('certification.verify.title')}</h1>
        {shown.state === 'checking' ? <p role="status">{t('certification.verify.checking')}</p> : null}
        {shown.state === 'found' ? <Certificate certificate={shown.certificate} /> : null}
        {shown.state === 'not-found' ? (
          <div role="alert">
            <p className="form-error verify-result">
              <Message id="certification.verify.notFound" components={{ 0: <span aria-hidden="true" /> }} />
            </p>
            <p>
              <Message
                id="certification.verify.noSuchCode"
                values={{ code: code || t('certification.verify.noCode') }}
                components={{ 0: <strong className="verify-code" /> }}
              />
            </p>
          </div>
        ) : null}
        {shown.state === 'failed' ? (
          <div>
            <p className="form-error" role="alert">
              {t('certification.verify.checkFailed')}
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setRetries((n) => n + 1)}
            >
              {t('certification.verify.tryAgain')}
            </button>
          </div>
        ) : null}
        <p className="link-row">
          <Link to="/certificates/verify">{t('certification.verify.checkCredential')}</Link>
        </p>
        <p className="link-row">
          <Link to="/">{t('certification.verify.home')}</Link>
        </p>
      </section>
    </PublicLayout>
  );
}

/**
 * A certificate the code names: genuine, or revoked by QuizQuest (issue 21), then with the date and
 * the reason, and never the word genuine.
 */
function Certificate({ certificate }: { certificate: CertificateVerification }) {
  const t = useText();
  const { revokedAt } = certificate;
  const details = (
    <dl className="verify-details">
      <dt>{t('certification.verify.learner')}</dt>
      <dd>{certificate.firstName}</dd>
      <dt>{t('certification.verify.level')}</dt>
      <dd>{certificate.levelName}</dd>
      <dt>{t('certification.verify.issuedOn')}</dt>
      <dd>{formatIssuedDate(certificate.issuedAt)}</dd>
      {revokedAt !== null ? (
        <>
          <dt>{t('certification.verify.revokedOn')}</dt>
          <dd>{formatIssuedDate(revokedAt)}</dd>
          <dt>{t('certification.verify.reason')}</dt>
          <dd>{certificate.revocationReason ?? t('certification.verify.noReason')}</dd>
        </>
      ) : null}
      <dt>{t('certification.verify.code')}</dt>
      <dd className="verify-code">{certificate.code}</dd>
    </dl>
  );
  if (revokedAt !== null) {
    return (
      <div role="alert">
        <p className="form-error verify-result">
          <Message id="certification.verify.revoked" components={{ 0: <span aria-hidden="true" /> }} />
        </p>
        <p>
          <Message
            id="certification.verify.revokedText"
            values={{ levelName: certificate.levelName, date: formatIssuedDate(revokedAt) }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
        {details}
      </div>
    );
  }
  return (
    <div role="status">
      <p className="form-success verify-result">
        <Message id="certification.verify.valid" components={{ 0: <span aria-hidden="true" /> }} />
      </p>
      <p>
        <Message
          id="certification.verify.awarded"
          values={{ firstName: certificate.firstName, levelName: certificate.levelName }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </p>
      {details}
    </div>
  );
}
