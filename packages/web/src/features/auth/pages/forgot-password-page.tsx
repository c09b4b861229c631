import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordRequest } from '@quizquest/shared';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { forgotPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';

export const RESET_EMAIL_SENT = 'Password reset email sent';
export const SOMETHING_WENT_WRONG = 'Something went wrong';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
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
      setOutcome({ kind: 'error', text: input.error.issues[0]?.message ?? SOMETHING_WENT_WRONG });
      return;
    }
    setBusy(true);
    try {
      const message = await forgotPassword(input.data.email);
      setOutcome({ kind: 'success', text: message ?? RESET_EMAIL_SENT });
      setEmail('');
    } catch (caught) {
      setOutcome({ kind: 'error', text: errorMessage(caught, SOMETHING_WENT_WRONG) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <form className="form" onSubmit={handleSubmit} aria-busy={busy}>
        <TextField
          id="forgot-email"
          label="Email"
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
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p className="link-row">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
