import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, ResetPasswordRequest } from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { refreshSessionUser } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useText } from '../../../i18n/use-text.ts';
import { resetPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { translateValidation } from '../validation-messages.ts';

export function ResetPasswordPage() {
  const t = useText();
  useDocumentTitle(t('auth.resetPassword.documentTitle'));
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
      setError(t('auth.resetPassword.linkInvalid'));
      return;
    }
    const nextErrors = {
      ...(found.password ? { password: translateValidation(found.password, t) } : {}),
      ...(confirmation !== password ? { confirmation: t('auth.resetPassword.mismatch') } : {}),
    };
    setErrors(nextErrors);
    if (!input.success || nextErrors.confirmation) {
      document.getElementById(nextErrors.password ? 'reset-password' : 'reset-confirmation')?.focus();
      return;
    }
    setBusy(true);
    try {
      setDone((await resetPassword(input.data.token, input.data.password)) ?? t('auth.resetPassword.done'));
      // A reset signs the account out everywhere; if this browser held its session, that ends here too.
      void refreshSessionUser();
    } catch (caught) {
      setError(errorMessage(caught, t('auth.resetPassword.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.resetPassword.title')}>
        <p className="form-error" role="alert">
          {t('auth.resetPassword.linkInvalid')}
        </p>
        <p className="link-row">
          <Link to="/forgot-password">{t('auth.resetPassword.askNewLink')}</Link>
        </p>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('auth.resetPassword.title')}>
        <p className="form-success" role="status">
          {done}
        </p>
        <Link className="button button-block" to="/login">
          {t('auth.resetPassword.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle')}>
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <PasswordField
          id="reset-password"
          label={t('auth.resetPassword.newPassword')}
          name="password"
          autoComplete="new-password"
          required
          hint={t('auth.resetPassword.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          id="reset-confirmation"
          label={t('auth.resetPassword.confirmation')}
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
          {busy ? t('auth.resetPassword.submitting') : t('auth.resetPassword.submit')}
        </button>
      </form>
      <p className="link-row">
        <Link to="/forgot-password">{t('auth.resetPassword.askNewLink')}</Link>
      </p>
    </AuthCard>
  );
}
