import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmPinReset } from '../../../lib/parent-pin.ts';
import { useAuth } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

type Status = { state: 'confirming' } | { state: 'done' } | { state: 'failed'; text: string };

/**
 * /pin/reset?token=… (decision 035): the link the PIN reset e-mail carries. Public, as the reset
 * password page is: the parent may open it on another device. The token removes the PIN; a new one
 * can be set from the profile.
 */
export function PinResetPage() {
  const t = useText();
  useDocumentTitle(t('pin.reset.documentTitle'));
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [status, setStatus] = useState<Status>({ state: 'confirming' });
  // The token is single-use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmPinReset(token).then(
      () => setStatus({ state: 'done' }),
      (caught: unknown) => setStatus({ state: 'failed', text: errorMessage(caught, '') }),
    );
  }, [token]);

  const next = isAuthenticated ? (
    <Link className="button button-block" to="/profile">
      {t('pin.reset.goToProfile')}
    </Link>
  ) : (
    <Link className="button button-block" to="/login">
      {t('pin.reset.goToLogin')}
    </Link>
  );

  return (
    <PublicLayout>
      <section className="card card-narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t('pin.reset.title')}</h1>
        {token ? (
          <div role="status">
            {status.state === 'confirming' ? <p>{t('pin.reset.confirming')}</p> : null}
            {status.state === 'done' ? (
              <>
                <p className="form-success">{t('pin.reset.done')}</p>
                <p>{t('pin.reset.setAgain')}</p>
              </>
            ) : null}
          </div>
        ) : null}
        {!token || status.state === 'failed' ? (
          <>
            <p className="form-error" role="alert">
              {status.state !== 'failed' ? t('pin.reset.linkInvalid') : status.text || t('pin.reset.failed')}
            </p>
            <p>{t('pin.reset.askNewLink')}</p>
          </>
        ) : null}
        {status.state === 'confirming' && token ? null : next}
      </section>
    </PublicLayout>
  );
}
