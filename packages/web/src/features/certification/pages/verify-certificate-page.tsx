import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CERTIFICATE_CODE_PATTERN, type CertificateVerification } from '@quizquest/shared';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { ApiError, isAbort } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchVerification } from '../api.ts';
import { formatIssuedDate } from '../dates.ts';

export const CHECKING_CERTIFICATE = 'Checking the certificate...';
export const CERTIFICATE_VALID = 'This certificate is genuine.';
export const CERTIFICATE_NOT_FOUND = 'Certificate not found.';
export const CERTIFICATE_CHECK_FAILED = 'We could not check this certificate right now. Please try again.';

type Check =
  | { state: 'checking' }
  | { state: 'valid'; certificate: CertificateVerification }
  | { state: 'not-found' }
  | { state: 'failed' };

/**
 * The public page a certificate's QR code opens (/certificates/verify/{code}): it confirms the
 * certificate with the learner's first name, the level and the date, and nothing else.
 */
export function VerifyCertificatePage() {
  useDocumentTitle('Certificate Verification');
  const code = (useParams().code ?? '').trim().toUpperCase();
  const wellFormed = CERTIFICATE_CODE_PATTERN.test(code);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    fetchVerification(code, { signal: controller.signal }).then(
      (certificate) => setCheck({ state: 'valid', certificate }),
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
        <h1 id="page-title">Certificate Verification</h1>
        {shown.state === 'checking' ? <p role="status">{CHECKING_CERTIFICATE}</p> : null}
        {shown.state === 'valid' ? (
          <div role="status">
            <p className="form-success verify-result">
              <span aria-hidden="true">✅ </span>
              {CERTIFICATE_VALID}
            </p>
            <p>
              QuizQuest awarded this certificate to <strong>{shown.certificate.firstName}</strong> for
              completing all 10 certifications of <strong>{shown.certificate.levelName}</strong>.
            </p>
            <dl className="verify-details">
              <dt>Learner</dt>
              <dd>{shown.certificate.firstName}</dd>
              <dt>Level</dt>
              <dd>{shown.certificate.levelName}</dd>
              <dt>Issued on</dt>
              <dd>{formatIssuedDate(shown.certificate.issuedAt)}</dd>
              <dt>Certificate code</dt>
              <dd className="verify-code">{shown.certificate.code}</dd>
            </dl>
          </div>
        ) : null}
        {shown.state === 'not-found' ? (
          <div role="alert">
            <p className="form-error verify-result">
              <span aria-hidden="true">❌ </span>
              {CERTIFICATE_NOT_FOUND}
            </p>
            <p>
              No QuizQuest certificate has the code{' '}
              <strong className="verify-code">{code || '(none)'}</strong>. Check the code printed under the QR
              code on the certificate and try again.
            </p>
          </div>
        ) : null}
        {shown.state === 'failed' ? (
          <div>
            <p className="form-error" role="alert">
              {CERTIFICATE_CHECK_FAILED}
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setRetries((n) => n + 1)}
            >
              Try again
            </button>
          </div>
        ) : null}
        <p className="link-row">
          <Link to="/">Go to QuizQuest</Link>
        </p>
      </section>
    </PublicLayout>
  );
}
