import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';
import { clearSignOutNotice, peekSignOutNotice } from '../../../lib/sign-out-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { login } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordField } from '../components/password-field.tsx';

export const LOGIN_FAILED = 'Login failed';

export function LoginPage() {
  useDocumentTitle('Login');
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
      setError('Please enter your email and password');
      return;
    }
    setBusy(true);
    try {
      const { token, user } = await login({ email: trimmedEmail, password });
      setSession(token, user);
      // Spec §4: admins to their area, everyone else to the dashboard with emailVerified false.
      if (user.role === 'admin') await navigate('/admin/quiz-dashboard', { replace: true });
      else await navigate('/dashboard', { replace: true, state: { emailVerified: false } });
    } catch (caught) {
      setError(errorMessage(caught, LOGIN_FAILED));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Log in to continue your child's learning journey.">
      {notice ? (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      ) : null}
      <form className="form" onSubmit={handleSubmit} aria-busy={busy}>
        <TextField
          id="login-email"
          label="Email"
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
          label="Password"
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
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="link-row">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p className="link-row">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
