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
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, errorMessage, isAbort } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { useGrades } from '../../../lib/grades.ts';
import { getSession, updateSessionUser, useAuth } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchProfile, saveProfile } from '../api.ts';
import { AVATAR_FILE_TYPES, AVATAR_READ_ERROR, compressAvatar } from '../avatar-image.ts';
import { PlanCard } from '../components/plan-card.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';
import { timeZoneOptions } from '../time-zones.ts';

export const PROFILE_UPDATED = 'Profile updated';
export const PROFILE_SAVE_FAILED = 'Failed to save';
export const LOADING_PROFILE = 'Loading profile...';

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
  useDocumentTitle('My Profile');
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
  }, []);

  if (!profile || !values) {
    return (
      <div className="page">
        <h1>My Profile</h1>
        <p role="status">{LOADING_PROFILE}</p>
      </div>
    );
  }

  const update = (field: keyof FormValues) => (value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  function showFieldErrors(errors: Partial<Record<Field, string>>) {
    setFieldErrors(errors);
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
      setFieldErrors((current) => ({ ...current, avatar: AVATAR_READ_ERROR }));
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
      notify('success', PROFILE_UPDATED);
    } catch (caught) {
      notify('error', PROFILE_SAVE_FAILED);
      const serverFieldErrors = caught instanceof ApiError ? caught.fieldErrors : {};
      if (Object.keys(serverFieldErrors).length > 0) showFieldErrors(serverFieldErrors);
      else setError(errorMessage(caught, PROFILE_SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const initials = `${values.first_name.charAt(0)}${values.last_name.charAt(0)}`.toUpperCase() || '?';
  const avatarIsNew = avatar !== profile.avatar;

  return (
    <div className="page profile-page">
      <h1>My Profile</h1>
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
              <span className="avatar-button-text">{avatar ? 'Change photo' : 'Upload photo'}</span>
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
                ? 'Preparing the photo...'
                : avatarIsNew
                  ? 'Press Save Profile to keep this photo.'
                  : 'Click the picture to choose a photo.'}
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
                Remove photo
              </button>
            ) : null}
          </div>

          <div className="field-pair">
            <TextField
              id={INPUT_IDS.first_name}
              label="First name"
              name="first_name"
              autoComplete="given-name"
              required
              value={values.first_name}
              onChange={(event) => update('first_name')(event.target.value)}
              error={fieldErrors.first_name}
            />
            <TextField
              id={INPUT_IDS.last_name}
              label="Last name"
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
            label="Grade"
            name="grade"
            required
            placeholder="Select grade"
            options={grades}
            value={values.grade}
            onChange={(event) => update('grade')(event.target.value)}
            error={fieldErrors.grade}
          />
          <TextField
            id={INPUT_IDS.email}
            label="Email"
            type="email"
            name="email"
            readOnly
            hint="The e-mail address cannot be changed."
            value={values.email}
            error={fieldErrors.email}
          />
          <TextField
            id={INPUT_IDS.phone}
            label="Phone"
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
            label="Gender"
            name="gender"
            placeholder="Select gender"
            options={GENDERS.map((gender) => ({ value: gender, label: gender }))}
            value={values.gender}
            onChange={(event) => update('gender')(event.target.value)}
            error={fieldErrors.gender}
          />
          <TextField
            id={INPUT_IDS.dob}
            label="Date of birth"
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
            label="Time zone"
            name="timeZone"
            placeholder="Select time zone"
            hint="Your learning days start at midnight here."
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
            {busy ? 'Saving...' : 'Save Profile'}
          </button>
        </form>
        <PlanCard
          subscription={profile.subscription}
          subscriptionEndsAt={profile.subscriptionEndsAt}
          quizLimits={profile.quizLimits}
          allowedLevel={profile.allowedLevel}
        />
      </div>
      <YourDataSection canDeleteAccount={user?.role !== 'admin'} />
    </div>
  );
}
