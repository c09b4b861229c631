import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, SIGNUP_REDIRECT_DELAY_MS, SignupRequest } from '@quizquest/shared';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { useGrades } from '../../../lib/grades.ts';
import { signInToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { signup } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ConsentLabel } from '../components/consent-label.tsx';
import { PasswordField } from '../components/password-field.tsx';

export const SIGNUP_FAILED = 'Signup failed';
export const SIGNUP_FAILED_NOT_CREATED = 'Signup failed.';
export const SIGNUP_SUCCESS_TOAST = 'Signup successful! Redirecting to login...';
export const SIGNUP_CHECK_EMAIL = 'Signup successful! Please check your email to verify your account.';

type Field = 'first_name' | 'last_name' | 'email' | 'grade' | 'password' | 'consent';
const FIELD_ORDER: readonly Field[] = ['first_name', 'last_name', 'email', 'grade', 'password', 'consent'];
const FIELD_INPUT_IDS: Record<Field, string> = {
  first_name: 'signup-first-name',
  last_name: 'signup-last-name',
  email: 'signup-email',
  grade: 'signup-grade',
  password: 'signup-password',
  consent: 'signup-consent',
};

interface SignupValues {
  first_name: string;
  last_name: string;
  email: string;
  grade: string;
  password: string;
}

const EMPTY: SignupValues = { first_name: '', last_name: '', email: '', grade: '', password: '' };

export function SignupPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const grades = useGrades();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [successMessage, setSuccessMessage] = useState('');
  const successRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!successMessage) return;
    successRef.current?.focus();
    const timer = window.setTimeout(() => void navigate('/login'), SIGNUP_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [successMessage, navigate]);

  const update = (field: keyof SignupValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  function showFieldErrors(errors: Partial<Record<Field, string>>) {
    setFieldErrors(errors);
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(FIELD_INPUT_IDS[first])?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    const input = SignupRequest.safeParse({ ...values, consent });
    if (!input.success) {
      showFieldErrors(fieldErrorsOf(input.error));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const result = await signup(input.data);
      if (result.status !== 201) {
        setError(SIGNUP_FAILED_NOT_CREATED);
        signInToast.error(SIGNUP_FAILED_NOT_CREATED);
        setBusy(false);
        return;
      }
      setSuccessMessage(result.message ?? SIGNUP_CHECK_EMAIL);
      signInToast.success(SIGNUP_SUCCESS_TOAST);
    } catch (caught) {
      const message = errorMessage(caught, SIGNUP_FAILED);
      setError(message);
      signInToast.error(message);
      if (caught instanceof ApiError) showFieldErrors(caught.fieldErrors);
      setBusy(false);
    }
  }

  if (successMessage) {
    return (
      <AuthCard title="Check Your Email">
        <p className="form-success" role="status" tabIndex={-1} ref={successRef}>
          {successMessage}
        </p>
        <p>
          We sent an e-mail to {values.email.trim()}. Open the link in it to verify the account, then log in.
        </p>
        <p className="link-row">
          <Link to="/login">Go to login</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create Your Account" subtitle="Sign up to start your child's learning adventure.">
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <div className="field-pair">
          <TextField
            id={FIELD_INPUT_IDS.first_name}
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={(event) => update('first_name')(event.target.value)}
            error={fieldErrors.first_name}
          />
          <TextField
            id={FIELD_INPUT_IDS.last_name}
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            onChange={(event) => update('last_name')(event.target.value)}
            error={fieldErrors.last_name}
          />
        </div>
        <TextField
          id={FIELD_INPUT_IDS.email}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={(event) => update('email')(event.target.value)}
          error={fieldErrors.email}
        />
        <SelectField
          id={FIELD_INPUT_IDS.grade}
          label="Grade"
          name="grade"
          required
          placeholder="Select grade"
          options={grades}
          value={values.grade}
          onChange={(event) => update('grade')(event.target.value)}
          error={fieldErrors.grade}
        />
        <PasswordField
          id={FIELD_INPUT_IDS.password}
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={values.password}
          onChange={(event) => update('password')(event.target.value)}
          error={fieldErrors.password}
        />
        <div className="field">
          <div className="checkbox-row">
            <input
              id={FIELD_INPUT_IDS.consent}
              type="checkbox"
              name="consent"
              required
              checked={consent}
              aria-invalid={fieldErrors.consent ? true : undefined}
              aria-describedby={fieldErrors.consent ? `${FIELD_INPUT_IDS.consent}-error` : undefined}
              onChange={(event) => {
                setConsent(event.target.checked);
                setFieldErrors(({ consent: _cleared, ...rest }) => rest);
              }}
            />
            <label htmlFor={FIELD_INPUT_IDS.consent}>
              <ConsentLabel />
            </label>
          </div>
          {fieldErrors.consent ? (
            <p id={`${FIELD_INPUT_IDS.consent}-error`} className="field-error">
              {fieldErrors.consent}
            </p>
          ) : null}
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
      <p className="link-row">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthCard>
  );
}
