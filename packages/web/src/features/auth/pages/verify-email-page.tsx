import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFY_REDIRECT_DELAY_MS } from '@quizquest/shared';
import { getSession, refreshSessionUser } from '../../../lib/session.ts';
import { signInToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { translate } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { verifyEmail } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';

type Status = 'verifying' | 'success' | 'error';

export function VerifyEmailPage() {
  const t = useText();
  useDocumentTitle(t('auth.verifyEmail.documentTitle'));
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
      // In the language shown when it fails (the effect runs once, so not through `t`).
      signInToast.error(translate('auth.verifyEmail.failedToast'));
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
    <AuthCard title={t('auth.verifyEmail.title')}>
      <div role="status">
        {status === 'verifying' ? <p>{t('auth.verifyEmail.verifying')}</p> : null}
        {status === 'success' ? <p className="form-success">{t('auth.verifyEmail.verified')}</p> : null}
      </div>
      {status === 'error' ? (
        <>
          <p className="form-error" role="alert">
            {t('auth.verifyEmail.failed')}
          </p>
          <p>{t('auth.verifyEmail.help')}</p>
          <p className="link-row">
            <Link to="/login">{t('auth.verifyEmail.goToLogin')}</Link>
          </p>
        </>
      ) : null}
    </AuthCard>
  );
}
