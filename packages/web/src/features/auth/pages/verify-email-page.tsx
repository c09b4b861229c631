import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFY_REDIRECT_DELAY_MS } from '@quizquest/shared';
import { getSession, refreshSessionUser } from '../../../lib/session.ts';
import { signInToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { verifyEmail } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';

export const VERIFYING_TEXT = 'Verifying your email...';
export const VERIFIED_TEXT = 'Email verified successfully! Redirecting ...';
export const VERIFY_FAILED_TEXT = 'Verification failed. The token may be invalid or expired.';
export const VERIFY_FAILED_TOAST = 'Verification failed!';

type Status = 'verifying' | 'success' | 'error';

export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [status, setStatus] = useState<Status>('verifying');
  // The token is single-use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const fail = () => {
      setStatus('error');
      signInToast.error(VERIFY_FAILED_TOAST);
    };
    if (!token) {
      fail();
      return;
    }
    verifyEmail(token)
      .then((httpStatus) => {
        if (httpStatus !== 200) {
          fail();
          return;
        }
        setStatus('success');
        // A signed-in learner's stored copy still says unverified: fetch the fresh one.
        void refreshSessionUser();
      })
      .catch(fail);
  }, [token]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => {
      const target = getSession().user?.email ? '/dashboard' : '/login';
      void navigate(target, { replace: true, state: { emailVerified: true } });
    }, VERIFY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthCard title="Email Verification">
      <div role="status">
        {status === 'verifying' ? <p>{VERIFYING_TEXT}</p> : null}
        {status === 'success' ? <p className="form-success">{VERIFIED_TEXT}</p> : null}
      </div>
      {status === 'error' ? (
        <>
          <p className="form-error" role="alert">
            {VERIFY_FAILED_TEXT}
          </p>
          <p>
            Verification links work once and expire after 24 hours. Log in to continue, or sign up again to
            get a new link.
          </p>
          <p className="link-row">
            <Link to="/login">Go to login</Link>
          </p>
        </>
      ) : null}
    </AuthCard>
  );
}
