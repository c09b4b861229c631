import { useEffect, useState, type FormEvent } from 'react';
import { PARENT_PIN_LENGTH, ParentPin } from '@quizquest/shared';
import { TextField } from '../../../components/text-field.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setParentPin } from '../../../lib/parent-pin.ts';
import { useAuth } from '../../../lib/session.ts';
import { reloadLearners, useLearners } from '../../../lib/use-learners.ts';
import { saveWeeklyDigest } from '../api.ts';

const PIN_TITLE_ID = 'parent-pin-title';
const DIGEST_TITLE_ID = 'weekly-digest-title';
const IDS = {
  pin: 'parent-pin-new',
  again: 'parent-pin-again',
  password: 'parent-pin-password',
} as const;
type PinField = keyof typeof IDS;
const PIN_FIELDS: readonly PinField[] = ['pin', 'again', 'password'];
const OPEN_BUTTON_ID = 'parent-pin-open';

/**
 * Profile: the parent's settings of a family account (decision 035): the optional parent PIN that
 * guards buying a plan, adding or removing a child, downloading the data, reading the family report
 * and deleting the account, and the weekly e-mail report. Both read GET /api/learners.
 */
export function ParentSettings() {
  const t = useText();
  const { user } = useAuth();
  const learners = useLearners(user ? user._id : null);

  if (learners.status !== 'ready') {
    return (
      <section className="card parent-settings" aria-labelledby={PIN_TITLE_ID}>
        <h2 id={PIN_TITLE_ID}>{t('profile.pin.title')}</h2>
        {learners.status === 'loading' ? (
          <p role="status">{t('profile.pin.loading')}</p>
        ) : (
          <>
            <p role="alert">{t('profile.pin.loadFailed')}</p>
            <div>
              <button type="button" className="button button-secondary" onClick={reloadLearners}>
                {t('profile.pin.tryAgain')}
              </button>
            </div>
          </>
        )}
      </section>
    );
  }

  return (
    <>
      <ParentPinSection pinSet={learners.data.pinSet} />
      <WeeklyDigestSection weeklyDigest={learners.data.weeklyDigest} email={user?.email ?? ''} />
    </>
  );
}

type PinMode = 'idle' | 'set' | 'remove';

function ParentPinSection({ pinSet: pinSetLoaded }: { pinSet: boolean }) {
  const t = useText();
  /** What this page last saved, until the learners are read again. */
  const [saved, setSaved] = useState<boolean | null>(null);
  const [mode, setMode] = useState<PinMode>('idle');
  const [done, setDone] = useState('');
  // Bumped when the form closes: the focus goes back to the section's first button.
  const [returnFocus, setReturnFocus] = useState(0);
  const pinSet = saved ?? pinSetLoaded;

  useEffect(() => setSaved(null), [pinSetLoaded]);

  useEffect(() => {
    if (returnFocus > 0) document.getElementById(OPEN_BUTTON_ID)?.focus();
  }, [returnFocus]);

  function close() {
    setMode('idle');
    setReturnFocus((count) => count + 1);
  }

  function finish(nowSet: boolean) {
    setSaved(nowSet);
    setDone(nowSet ? t('profile.pin.saved') : t('profile.pin.removed'));
    close();
    reloadLearners();
  }

  function open(next: PinMode) {
    setDone('');
    setMode(next);
  }

  return (
    <section className="card parent-settings" aria-labelledby={PIN_TITLE_ID}>
      <h2 id={PIN_TITLE_ID}>{t('profile.pin.title')}</h2>
      <p>{t('profile.pin.intro')}</p>
      <ul className="parent-settings-list">
        <li>{t('profile.pin.guardsPlan')}</li>
        <li>{t('profile.pin.guardsChildren')}</li>
        <li>{t('profile.pin.guardsData')}</li>
        <li>{t('profile.pin.guardsReport')}</li>
        <li>{t('profile.pin.guardsDelete')}</li>
      </ul>
      <p className="field-hint">{t('profile.pin.optional')}</p>
      <p className="parent-settings-state">{pinSet ? t('profile.pin.isSet') : t('profile.pin.isNotSet')}</p>
      {mode === 'idle' ? (
        <div className="parent-settings-actions">
          <button type="button" id={OPEN_BUTTON_ID} className="button" onClick={() => open('set')}>
            {pinSet ? t('profile.pin.change') : t('profile.pin.set')}
          </button>
          {pinSet ? (
            <button type="button" className="button button-secondary" onClick={() => open('remove')}>
              {t('profile.pin.remove')}
            </button>
          ) : null}
        </div>
      ) : (
        <PinForm mode={mode} changing={pinSet} onCancel={close} onDone={() => finish(mode === 'set')} />
      )}
      <div role="status">{done ? <p className="form-success">{done}</p> : null}</div>
    </section>
  );
}

interface PinFormProps {
  mode: 'set' | 'remove';
  /** A PIN is set already: 'set' changes it. */
  changing: boolean;
  onCancel: () => void;
  onDone: () => void;
}

/** Set or change the PIN (typed twice), or remove it; the account's password confirms either. */
function PinForm({ mode, changing, onCancel, onDone }: PinFormProps) {
  const t = useText();
  const [values, setValues] = useState<Record<PinField, string>>({ pin: '', again: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<PinField, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  // Bumped when a field should take focus; the effect runs after the render that enables it again.
  const [focus, setFocus] = useState<{ field: PinField; request: number }>({
    field: mode === 'set' ? 'pin' : 'password',
    request: 1,
  });

  useEffect(() => {
    document.getElementById(IDS[focus.field])?.focus();
  }, [focus]);

  const focusOn = (field: PinField) => setFocus((current) => ({ field, request: current.request + 1 }));

  const update = (field: PinField) => (value: string) => {
    const next = field === 'password' ? value : value.replace(/\D/g, '').slice(0, PARENT_PIN_LENGTH);
    setValues((current) => ({ ...current, [field]: next }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError('');
  };

  function check(): Partial<Record<PinField, string>> {
    const found: Partial<Record<PinField, string>> = {};
    if (mode === 'set') {
      if (!ParentPin.safeParse(values.pin).success) {
        found.pin = t('profile.pin.fourDigits', { length: PARENT_PIN_LENGTH });
      } else if (values.again !== values.pin) {
        found.again = t('profile.pin.mismatch');
      }
    }
    if (values.password === '') found.password = t('profile.pin.passwordRequired');
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const found = check();
    setErrors(found);
    const first = PIN_FIELDS.find((field) => found[field]);
    if (first) {
      focusOn(first);
      return;
    }
    setBusy(true);
    try {
      await setParentPin({ password: values.password, pin: mode === 'set' ? values.pin : null });
      onDone();
    } catch (caught) {
      setBusy(false);
      setFormError(errorMessage(caught, t('profile.pin.failed')));
      setValues((current) => ({ ...current, password: '' }));
      focusOn('password');
    }
  }

  let title = changing ? t('profile.pin.changeTitle') : t('profile.pin.setTitle');
  if (mode === 'remove') title = t('profile.pin.removeTitle');

  return (
    <form
      className="form parent-pin-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-busy={busy}
    >
      <h3>{title}</h3>
      {mode === 'remove' ? <p>{t('profile.pin.removeWarning')}</p> : null}
      {mode === 'set' ? (
        <div className="field-pair">
          <TextField
            id={IDS.pin}
            label={t('profile.pin.newPin', { length: PARENT_PIN_LENGTH })}
            type="password"
            name="new-parent-pin"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={PARENT_PIN_LENGTH}
            required
            className="parent-pin-field"
            hint={t('profile.pin.newPinHint')}
            value={values.pin}
            disabled={busy}
            onChange={(event) => update('pin')(event.target.value)}
            error={errors.pin}
          />
          <TextField
            id={IDS.again}
            label={t('profile.pin.again')}
            type="password"
            name="new-parent-pin-again"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={PARENT_PIN_LENGTH}
            required
            className="parent-pin-field"
            value={values.again}
            disabled={busy}
            onChange={(event) => update('again')(event.target.value)}
            error={errors.again}
          />
        </div>
      ) : null}
      <TextField
        id={IDS.password}
        label={t('profile.pin.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        hint={t('profile.pin.passwordHint')}
        value={values.password}
        disabled={busy}
        onChange={(event) => update('password')(event.target.value)}
        error={errors.password}
      />
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="parent-settings-actions">
        <button
          type="submit"
          className={mode === 'remove' ? 'button button-danger' : 'button'}
          disabled={busy}
        >
          {busy
            ? t('profile.pin.saving')
            : mode === 'remove'
              ? t('profile.pin.removeSubmit')
              : t('profile.pin.saveSubmit')}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          {t('profile.pin.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The weekly e-mail report to the parent: on or off, saved at once (PUT /api/account/digest). */
function WeeklyDigestSection({ weeklyDigest, email }: { weeklyDigest: boolean; email: string }) {
  const t = useText();
  const [on, setOn] = useState(weeklyDigest);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);

  useEffect(() => setOn(weeklyDigest), [weeklyDigest]);

  async function toggle(next: boolean) {
    if (busy) return;
    setOn(next);
    setBusy(true);
    setResult(null);
    try {
      await saveWeeklyDigest(next);
      setResult({
        kind: 'saved',
        text: next ? t('profile.digest.savedOn', { email }) : t('profile.digest.savedOff'),
      });
    } catch (caught) {
      setOn(!next);
      setResult({ kind: 'error', text: errorMessage(caught, t('profile.digest.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card parent-settings" aria-labelledby={DIGEST_TITLE_ID}>
      <h2 id={DIGEST_TITLE_ID}>{t('profile.digest.title')}</h2>
      <p id="weekly-digest-about">{t('profile.digest.intro')}</p>
      <div className="checkbox-row">
        <input
          id="weekly-digest"
          type="checkbox"
          role="switch"
          checked={on}
          disabled={busy}
          aria-describedby="weekly-digest-about"
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor="weekly-digest">{t('profile.digest.label')}</label>
      </div>
      {result?.kind === 'error' ? (
        <p className="form-error" role="alert">
          {result.text}
        </p>
      ) : (
        <p className="field-hint" role="status">
          {result?.text ?? ''}
        </p>
      )}
    </section>
  );
}
