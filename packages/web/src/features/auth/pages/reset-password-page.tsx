import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, ResetPasswordRequest } from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { refreshSessionUser } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resetPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordField } from '../components/password-field.tsx';

export const RESET_DONE = 'Your password has been reset. Please log in with your new password.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
export const RESET_FAILED = 'Something went wrong';
export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match';

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    const input = ResetPasswordRequest.safeParse({ token, password });
    const found = input.success ? {} : fieldErrorsOf(input.error);
    if (found.token) {
      setError(RESET_LINK_INVALID);
      return;
    }
    const nextErrors = {
      ...(found.password ? { password: found.password } : {}),
      ...(confirmation !== password ? { confirmation: PASSWORDS_DO_NOT_MATCH } : {}),
    };
    setErrors(nextErrors);
    if (!input.success || nextErrors.confirmation) {
      document.getElementById(nextErrors.password ? 'reset-password' : 'reset-confirmation')?.focus();
      return;
    }
    setBusy(true);
    try {
      setDone((await resetPassword(input.data.token, input.data.password)) ?? RESET_DONE);
      // A reset signs the account out everywhere; if this browser held its session, that ends here too.
      void refreshSessionUser();
    } catch (caught) {
      setError(errorMessage(caught, RESET_FAILED));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <p className="form-error" role="alert">
          {RESET_LINK_INVALID}
        </p>
        <p className="link-row">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Reset Password">
        <p className="form-success" role="status">
          {done}
        </p>
        <Link className="button button-block" to="/login">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <PasswordField
          id="reset-password"
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          id="reset-confirmation"
          label="Confirm password"
          name="confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
      <p className="link-row">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </AuthCard>
  );
}
