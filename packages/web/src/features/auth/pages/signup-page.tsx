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
import { currentLanguage } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { signup } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ConsentLabel } from '../components/consent-label.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { translateFieldErrors } from '../validation-messages.ts';

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
  const t = useText();
  useDocumentTitle(t('auth.signup.documentTitle'));
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
    // Decision 034: the account keeps the language the sign-up page is shown in.
    const input = SignupRequest.safeParse({ ...values, consent, language: currentLanguage() });
    if (!input.success) {
      showFieldErrors(translateFieldErrors(fieldErrorsOf(input.error), t));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const result = await signup(input.data);
      if (result.status !== 201) {
        const failed = t('auth.signup.failedNotCreated');
        setError(failed);
        signInToast.error(failed);
        setBusy(false);
        return;
      }
      setSuccessMessage(result.message ?? t('auth.signup.checkEmail'));
      signInToast.success(t('auth.signup.successToast'));
    } catch (caught) {
      const message = errorMessage(caught, t('auth.signup.failed'));
      setError(message);
      signInToast.error(message);
      if (caught instanceof ApiError) showFieldErrors(caught.fieldErrors);
      setBusy(false);
    }
  }

  if (successMessage) {
    return (
      <AuthCard title={t('auth.signup.checkEmailTitle')}>
        <p className="form-success" role="status" tabIndex={-1} ref={successRef}>
          {successMessage}
        </p>
        <p>{t('auth.signup.sentTo', { email: values.email.trim() })}</p>
        <p className="link-row">
          <Link to="/login">{t('auth.signup.goToLogin')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <div className="field-pair">
          <TextField
            id={FIELD_INPUT_IDS.first_name}
            label={t('auth.signup.firstName')}
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={(event) => update('first_name')(event.target.value)}
            error={fieldErrors.first_name}
          />
          <TextField
            id={FIELD_INPUT_IDS.last_name}
            label={t('auth.signup.lastName')}
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
          label={t('auth.signup.email')}
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
          label={t('auth.signup.grade')}
          name="grade"
          required
          placeholder={t('auth.signup.gradePlaceholder')}
          options={grades}
          value={values.grade}
          onChange={(event) => update('grade')(event.target.value)}
          error={fieldErrors.grade}
        />
        <PasswordField
          id={FIELD_INPUT_IDS.password}
          label={t('auth.signup.password')}
          name="password"
          autoComplete="new-password"
          required
          hint={t('auth.signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
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
          {busy ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </button>
      </form>
      <p className="link-row">
        <Message id="auth.signup.haveAccount" components={{ 0: <Link to="/login" /> }} />
      </p>
    </AuthCard>
  );
}
