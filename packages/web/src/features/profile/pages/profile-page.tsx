import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  DEFAULT_TIME_ZONE,
  DOB_PAST_MESSAGE,
  GENDERS,
  isPastDate,
  limitsForPlan,
  ProfileUpdateRequest,
  type ProfileResponse,
} from '@quizquest/shared';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { msg } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { gradeOptions, useGrades } from '../../../lib/grades.ts';
import { getSession, updateSessionUser, useAuth } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchProfile, saveProfile } from '../api.ts';
import { AVATAR_FILE_TYPES, compressAvatar } from '../avatar-image.ts';
import { ChildrenSection } from '../components/children-section.tsx';
import { ParentSettings } from '../components/parent-settings.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';
import { fieldErrorsIn } from '../field-errors.ts';
import { timeZoneOptions } from '../time-zones.ts';
import '../profile.css';

/** The gender choices' labels; the values sent stay the schema's ('Male', 'Female'). */
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  Male: msg('profile.form.genderMale'),
  Female: msg('profile.form.genderFemale'),
};

type Field =
  'first_name' | 'last_name' | 'grade' | 'phone' | 'gender' | 'dob' | 'email' | 'avatar' | 'timeZone';
const FIELD_ORDER: readonly Field[] = [
  'avatar',
  'first_name',
  'last_name',
  'grade',
  'phone',
  'gender',
  'dob',
  'timeZone',
];
const INPUT_IDS: Record<Field, string> = {
  avatar: 'profile-avatar-button',
  first_name: 'profile-first-name',
  last_name: 'profile-last-name',
  email: 'profile-email',
  grade: 'profile-grade',
  phone: 'profile-phone',
  gender: 'profile-gender',
  dob: 'profile-dob',
  timeZone: 'profile-time-zone',
};

interface FormValues {
  first_name: string;
  last_name: string;
  email: string;
  grade: string;
  phone: string;
  gender: string;
  dob: string;
  timeZone: string;
}

function valuesOf(profile: ProfileResponse): FormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    grade: profile.grade,
    phone: profile.phone ?? '',
    gender: profile.gender ?? '',
    dob: (profile.dob ?? '').slice(0, 10),
    timeZone: profile.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** What the page shows when the profile cannot be loaded (spec §8: only logged). */
function profileFromSession(): ProfileResponse {
  const user = getSession().user;
  const limits = limitsForPlan({ planId: user?.subscription ?? 'free', endsAt: new Date(8.64e15) });
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: null,
    gender: null,
    dob: null,
    avatar: null,
    grade: user?.grade ?? '',
    subscription: limits.planId,
    subscriptionEndsAt: null,
    quizLimits: { maxQuizzes: limits.maxQuizzes, maxAttemptsPerQuiz: limits.maxAttemptsPerQuiz },
    allowedLevel: limits.allowedLevel,
  };
}

/** Yesterday as YYYY-MM-DD: the latest date of birth the date picker offers. */
function yesterday(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Spec §2 Profile ('My Profile'): avatar, the learner's details and the active plan. */
export function ProfilePage() {
  const t = useText();
  useDocumentTitle(t('profile.page.documentTitle'));
  const { user } = useAuth();
  const grades = useGrades();
  const [profile, setProfile] = useState<ProfileResponse | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  /** The avatar to send: the current URL, a new data string, or null for none. */
  const [avatar, setAvatar] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [readingAvatar, setReadingAvatar] = useState(false);
  /** When the profile could not be loaded, fields the user did not touch are left out (kept). */
  const [loadFailed, setLoadFailed] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Read again when the session's learner changes (removing the child learning now hands over).
  const learnerId = user?._id;

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal).then(
      (loaded) => {
        setProfile(loaded);
        setValues(valuesOf(loaded));
        setAvatar(loaded.avatar);
      },
      (caught: unknown) => {
        if (isAbort(caught)) return;
        console.error('Failed to load the profile', caught);
        const fallback = profileFromSession();
        setLoadFailed(true);
        setProfile(fallback);
        setValues(valuesOf(fallback));
      },
    );
    return () => controller.abort();
  }, [learnerId]);

  if (!profile || !values) {
    return (
      <div className="page">
        <h1>{t('profile.page.title')}</h1>
        <p role="status">{t('profile.page.loading')}</p>
      </div>
    );
  }

  const update = (field: keyof FormValues) => (value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  function showFieldErrors(errors: Partial<Record<Field, string>>) {
    setFieldErrors(fieldErrorsIn(errors, t));
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(INPUT_IDS[first])?.focus();
  }

  async function handleAvatarChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReadingAvatar(true);
    try {
      setAvatar(await compressAvatar(file));
      setFieldErrors(({ avatar: _cleared, ...rest }) => rest);
    } catch {
      setFieldErrors((current) => ({ ...current, avatar: t('profile.avatar.readError') }));
    } finally {
      setReadingAvatar(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !values || !profile) return;
    setError('');
    const initial = valuesOf(profile);
    const optional = (field: 'phone' | 'gender' | 'dob') =>
      loadFailed && values[field] === initial[field] ? {} : { [field]: values[field] };
    const body = {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      grade: values.grade,
      ...optional('phone'),
      ...optional('gender'),
      ...optional('dob'),
      ...(loadFailed && values.timeZone === initial.timeZone ? {} : { timeZone: values.timeZone }),
      // The current URL keeps the avatar, a data string replaces it, null removes it.
      ...(loadFailed && avatar === profile.avatar ? {} : { avatar }),
    };
    const parsed = ProfileUpdateRequest.safeParse(body);
    const errors: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (parsed.success && parsed.data.dob && !isPastDate(parsed.data.dob, new Date())) {
      errors.dob = DOB_PAST_MESSAGE;
    }
    if (Object.keys(errors).length > 0) {
      showFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const saved = await saveProfile(body);
      setProfile(saved);
      setValues(valuesOf(saved));
      setAvatar(saved.avatar);
      setLoadFailed(false);
      if (user) {
        updateSessionUser({
          ...user,
          name: `${saved.first_name} ${saved.last_name}`.trim(),
          first_name: saved.first_name,
          last_name: saved.last_name,
          grade: saved.grade,
        });
      }
      notify('success', t('profile.page.updated'));
    } catch (caught) {
      notify('error', t('profile.page.saveFailed'));
      const serverFieldErrors = caught instanceof ApiError ? caught.fieldErrors : {};
      if (Object.keys(serverFieldErrors).length > 0) showFieldErrors(serverFieldErrors);
      else setError(errorMessage(caught, t('profile.page.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  const initials = `${values.first_name.charAt(0)}${values.last_name.charAt(0)}`.toUpperCase() || '?';
  const avatarIsNew = avatar !== profile.avatar;

  return (
    <div className="page profile-page">
      <h1>{t('profile.page.title')}</h1>
      <div className="profile-layout">
        <form className="card form profile-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
          <div className="avatar-picker">
            <button
              type="button"
              id={INPUT_IDS.avatar}
              className="avatar-button"
              onClick={() => fileInput.current?.click()}
              disabled={readingAvatar}
              aria-describedby={
                fieldErrors.avatar ? 'profile-avatar-hint profile-avatar-error' : 'profile-avatar-hint'
              }
            >
              {avatar ? (
                <img className="avatar-image" src={avatar} alt="" width={96} height={96} />
              ) : (
                <span className="avatar-placeholder" aria-hidden="true">
                  {initials}
                </span>
              )}
              <span className="avatar-button-text">
                {avatar ? t('profile.avatar.change') : t('profile.avatar.upload')}
              </span>
            </button>
            <input
              ref={fileInput}
              id="profile-avatar-file"
              type="file"
              accept={AVATAR_FILE_TYPES}
              hidden
              onChange={(event) => void handleAvatarChosen(event)}
            />
            <p id="profile-avatar-hint" className="field-hint" aria-live="polite">
              {readingAvatar
                ? t('profile.avatar.preparing')
                : avatarIsNew
                  ? t('profile.avatar.saveToKeep')
                  : t('profile.avatar.hint')}
            </p>
            {fieldErrors.avatar ? (
              <p id="profile-avatar-error" className="field-error">
                {fieldErrors.avatar}
              </p>
            ) : null}
            {avatar ? (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setAvatar(null)}
              >
                {t('profile.avatar.remove')}
              </button>
            ) : null}
          </div>

          {/* Switches at once and saves itself (PUT /api/user/language), apart from Save Profile. */}
          <div className="field profile-language">
            <span className="profile-language-label" aria-hidden="true">
              {t('profile.form.language')}
            </span>
            <LanguageSwitch />
            <p className="field-hint">{t('profile.form.languageHint')}</p>
          </div>

          <div className="field-pair">
            <TextField
              id={INPUT_IDS.first_name}
              label={t('profile.form.firstName')}
              name="first_name"
              autoComplete="given-name"
              required
              value={values.first_name}
              onChange={(event) => update('first_name')(event.target.value)}
              error={fieldErrors.first_name}
            />
            <TextField
              id={INPUT_IDS.last_name}
              label={t('profile.form.lastName')}
              name="last_name"
              autoComplete="family-name"
              required
              value={values.last_name}
              onChange={(event) => update('last_name')(event.target.value)}
              error={fieldErrors.last_name}
            />
          </div>
          <SelectField
            id={INPUT_IDS.grade}
            label={t('profile.form.grade')}
            name="grade"
            required
            placeholder={t('profile.form.selectGrade')}
            options={gradeOptions(grades, t)}
            value={values.grade}
            onChange={(event) => update('grade')(event.target.value)}
            error={fieldErrors.grade}
          />
          <TextField
            id={INPUT_IDS.email}
            label={t('profile.form.email')}
            type="email"
            name="email"
            readOnly
            hint={t('profile.form.emailHint')}
            value={values.email}
            error={fieldErrors.email}
          />
          <TextField
            id={INPUT_IDS.phone}
            label={t('profile.form.phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            value={values.phone}
            onChange={(event) => update('phone')(event.target.value)}
            error={fieldErrors.phone}
          />
          <SelectField
            id={INPUT_IDS.gender}
            label={t('profile.form.gender')}
            name="gender"
            placeholder={t('profile.form.selectGender')}
            options={GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABELS[gender]) }))}
            value={values.gender}
            onChange={(event) => update('gender')(event.target.value)}
            error={fieldErrors.gender}
          />
          <TextField
            id={INPUT_IDS.dob}
            label={t('profile.form.dob')}
            type="date"
            name="dob"
            min="1900-01-01"
            max={yesterday()}
            value={values.dob}
            onChange={(event) => update('dob')(event.target.value)}
            error={fieldErrors.dob}
          />
          <SelectField
            id={INPUT_IDS.timeZone}
            label={t('profile.form.timeZone')}
            name="timeZone"
            placeholder={t('profile.form.selectTimeZone')}
            hint={t('profile.form.timeZoneHint')}
            options={timeZoneOptions(values.timeZone)}
            value={values.timeZone}
            onChange={(event) => update('timeZone')(event.target.value)}
            error={fieldErrors.timeZone}
          />
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-block" disabled={busy || readingAvatar}>
            {busy ? t('profile.form.saving') : t('profile.form.save')}
          </button>
        </form>
        <PlanCard
          subscription={profile.subscription}
          subscriptionEndsAt={profile.subscriptionEndsAt}
          quizLimits={profile.quizLimits}
          allowedLevel={profile.allowedLevel}
        />
      </div>
      {user?.role === 'admin' ? null : <ChildrenSection grades={grades} />}
      {user?.role === 'admin' ? null : <ParentSettings />}
      <YourDataSection canDeleteAccount={user?.role !== 'admin'} />
    </div>
  );
}
