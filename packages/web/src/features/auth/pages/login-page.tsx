import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';
import { clearSignOutNotice, peekSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { switchLanguage } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { login } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordField } from '../components/password-field.tsx';

/**
 * Whether the signed-in account holds more than one learner. Loaded on demand: the learners'
 * schemas stay out of /login's first download. Any failure counts as one learner (the dashboard).
 */
async function hasSeveralLearners(): Promise<boolean> {
  try {
    const { fetchLearners } = await import('../../../lib/learners.ts');
    const { learners } = await fetchLearners();
    return learners.length > 1;
  } catch {
    return false;
  }
}

export function LoginPage() {
  const t = useText();
  useDocumentTitle(t('auth.login.documentTitle'));
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Shown once, e.g. after the account was deleted.
  const [notice] = useState(peekSignOutNotice);
  useEffect(() => clearSignOutNotice(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    // Spec §5: the browser checks the e-mail type and the required fields (and so does the server).
    const trimmedEmail = email.trim();
    if (trimmedEmail === '' || password === '') {
      setError(t('auth.login.missingFields'));
      return;
    }
    setBusy(true);
    try {
      const { token, user } = await login({ email: trimmedEmail, password });
      setSession(token, user);
      // Decision 034: the app speaks the learner's stored language from the first signed-in page.
      if (user.language) await switchLanguage(user.language);
      // Spec §4: admins to their area, everyone else to the dashboard with emailVerified false;
      // an account with several children first asks who is learning (decision 035).
      if (user.role === 'admin') await navigate('/admin/quiz-dashboard', { replace: true });
      else if (await hasSeveralLearners()) await navigate('/choose-learner', { replace: true });
      else await navigate('/dashboard', { replace: true, state: { emailVerified: false } });
    } catch (caught) {
      setError(errorMessage(caught, t('auth.login.failed')));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {notice ? (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      ) : null}
      <form className="form" onSubmit={handleSubmit} aria-busy={busy}>
        <TextField
          id="login-email"
          label={t('auth.login.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          id="login-password"
          label={t('auth.login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <p className="link-row">
        <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
      </p>
      <p className="link-row">
        <Message id="auth.login.noAccount" components={{ 0: <Link to="/signup" /> }} />
      </p>
    </AuthCard>
  );
}
