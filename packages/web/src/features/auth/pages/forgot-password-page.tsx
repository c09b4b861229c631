import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordRequest } from '@quizquest/shared';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useText } from '../../../i18n/use-text.ts';
import { forgotPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { translateValidation } from '../validation-messages.ts';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function ForgotPasswordPage() {
  const t = useText();
  useDocumentTitle(t('auth.forgotPassword.documentTitle'));
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Spec §4: each submit starts from a clean slate.
    setOutcome(null);
    const input = ForgotPasswordRequest.safeParse({ email });
    if (!input.success) {
      const problem = input.error.issues[0]?.message;
      setOutcome({
        kind: 'error',
        text: problem ? translateValidation(problem, t) : t('auth.forgotPassword.failed'),
      });
      return;
    }
    setBusy(true);
    try {
      const message = await forgotPassword(input.data.email);
      setOutcome({ kind: 'success', text: message ?? t('auth.forgotPassword.sent') });
      setEmail('');
    } catch (caught) {
      setOutcome({ kind: 'error', text: errorMessage(caught, t('auth.forgotPassword.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')}>
      <form className="form" onSubmit={handleSubmit} aria-busy={busy}>
        <TextField
          id="forgot-email"
          label={t('auth.forgotPassword.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div role="status">
          {outcome?.kind === 'success' ? <p className="form-success">{outcome.text}</p> : null}
        </div>
        {outcome?.kind === 'error' ? (
          <p className="form-error" role="alert">
            {outcome.text}
          </p>
        ) : null}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
        </button>
      </form>
      <p className="link-row">
        <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
