import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { AddLearnerRequest, findPlan, type Grade, type LearnerSummary } from '@quizquest/shared';
import { LearnerAvatar } from '../../../components/learner-avatar.tsx';
import { Modal } from '../../../components/modal.tsx';
import { isPinCancelled, useParentPin } from '../../../components/parent-pin-dialog.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useText } from '../../../i18n/use-text.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { gradeLabel, gradeOptions } from '../../../lib/grades.ts';
import { addLearner, learnerName, removeLearner } from '../../../lib/learners.ts';
import { useAuth } from '../../../lib/session.ts';
import { becomeLearner, reloadLearners, useLearners } from '../../../lib/use-learners.ts';
import { downloadChildData } from '../api.ts';
import { fieldErrorsIn } from '../field-errors.ts';
import './children-section.css';

type ChildField = 'first_name' | 'last_name' | 'grade';
const CHILD_FIELDS: readonly ChildField[] = ['first_name', 'last_name', 'grade'];
const CHILD_INPUT_IDS: Record<ChildField, string> = {
  first_name: 'child-first-name',
  last_name: 'child-last-name',
  grade: 'child-grade',
};
const EMPTY_CHILD: Record<ChildField, string> = { first_name: '', last_name: '', grade: '' };
const TITLE_ID = 'children-title';

/** A removal under way: kept here, so the dialog may give way to the PIN dialog and come back. */
interface Removal {
  child: LearnerSummary;
  /** When the child removed is the one learning now, the child the app switches to first. */
  switchTo: LearnerSummary | undefined;
  /** When the child removed holds the account: the child the account passes to. */
  handsOverTo: LearnerSummary | undefined;
  password: string;
  error: string;
  busy: boolean;
  /** Bumped when the password field should take focus. */
  focusRequest: number;
}

/**
 * Profile: the account's children (family accounts, decision 035): each one's grade and plan, a
 * form to add a child while there is room, downloading one child's data file, and removing a child
 * (not the one who holds the account) once the password is typed again. Adding, downloading and
 * removing ask for the parent PIN when set.
 */
export function ChildrenSection({ grades }: { grades: readonly Grade[] }) {
  const t = useText();
  const { user } = useAuth();
  const learners = useLearners(user ? user._id : null);
  const { withParentPin, pinDialog } = useParentPin();
  const [values, setValues] = useState(EMPTY_CHILD);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ChildField, string>>>({});
  const [formError, setFormError] = useState('');
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState('');
  const [removal, setRemoval] = useState<Removal | null>(null);
  /** The child whose data file is being fetched: one download at a time. */
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState('');
  /** Children removed here, left out until the list is read again. */
  const [removedIds, setRemovedIds] = useState<readonly string[]>([]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // After a removal the heading takes the focus, once the dialog has gone (the page is inert under it).
  const [titleFocusRequest, setTitleFocusRequest] = useState(0);

  useEffect(() => {
    if (titleFocusRequest > 0) titleRef.current?.focus();
  }, [titleFocusRequest]);

  if (learners.status === 'loading') {
    return (
      <ChildrenFrame>
        <p role="status">{t('profile.children.loading')}</p>
      </ChildrenFrame>
    );
  }
  if (learners.status === 'failed') {
    return (
      <ChildrenFrame>
        <p role="alert">{t('profile.children.loadFailed')}</p>
        <button type="button" className="button button-secondary" onClick={reloadLearners}>
          {t('profile.children.tryAgain')}
        </button>
      </ChildrenFrame>
    );
  }

  const { maxLearners } = learners.data;
  const children = learners.data.learners.filter((learner) => !removedIds.includes(learner.id));
  const activeId = children.some((learner) => learner.id === user?._id)
    ? user?._id
    : learners.data.activeLearnerId;
  const holder = children.find((learner) => learner.isAccountHolder);
  /**
   * Who learns on when `child` is removed while learning now: the account holder, or, when the
   * holder itself is removed (the account passes to the next child, decision 035), the next child.
   */
  const successorOf = (child: LearnerSummary) =>
    child.isAccountHolder ? children.find((learner) => learner.id !== child.id) : holder;
  const full = children.length >= maxLearners;

  const update = (field: ChildField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  function showFieldErrors(errors: Partial<Record<ChildField, string>>) {
    setFieldErrors(fieldErrorsIn(errors, t));
    const first = CHILD_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(CHILD_INPUT_IDS[first])?.focus();
  }

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding) return;
    setFormError('');
    setDone('');
    setDownloadError('');
    const parsed = AddLearnerRequest.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setFieldErrors({});
    setAdding(true);
    try {
      const added = await withParentPin(() => addLearner(parsed.data));
      setValues(EMPTY_CHILD);
      setDone(t('profile.children.added', { name: learnerName(added) }));
      reloadLearners();
    } catch (caught) {
      if (isPinCancelled(caught)) return;
      const serverFieldErrors = caught instanceof ApiError ? caught.fieldErrors : {};
      const known = CHILD_FIELDS.filter((field) => serverFieldErrors[field]);
      if (known.length > 0) showFieldErrors(serverFieldErrors);
      else setFormError(errorMessage(caught, t('profile.children.addFailed')));
    } finally {
      setAdding(false);
    }
  }

  async function handleDownload(child: LearnerSummary) {
    if (downloadingId !== null) return;
    const name = learnerName(child);
    setDownloadingId(child.id);
    setDone('');
    setDownloadError('');
    try {
      await withParentPin(() => downloadChildData(child.id));
      setDone(t('profile.children.downloaded', { name }));
    } catch (caught) {
      if (isPinCancelled(caught)) setDone(t('profile.children.downloadPinNeeded', { name }));
      else setDownloadError(errorMessage(caught, t('profile.children.downloadFailed', { name })));
    } finally {
      setDownloadingId(null);
    }
  }

  const changeRemoval = (change: Partial<Removal>) =>
    setRemoval((current) => (current ? { ...current, ...change } : current));

  async function handleRemove(current: Removal) {
    if (current.busy) return;
    const { child, switchTo, password } = current;
    if (password === '') {
      changeRemoval({
        error: t('profile.removeChild.passwordRequired'),
        focusRequest: current.focusRequest + 1,
      });
      return;
    }
    changeRemoval({ error: '', busy: true });
    try {
      // The token of a removed child no longer works: the one learning now hands over first.
      if (switchTo) await becomeLearner(switchTo.id);
      await withParentPin(() => removeLearner(child.id, { password }));
    } catch (caught) {
      if (isPinCancelled(caught)) {
        changeRemoval({ busy: false });
        return;
      }
      setRemoval((now) =>
        now
          ? {
              ...now,
              busy: false,
              password: '',
              error: errorMessage(caught, t('profile.removeChild.failed', { name: learnerName(child) })),
              focusRequest: now.focusRequest + 1,
            }
          : now,
      );
      return;
    }
    setRemoval(null);
    setRemovedIds((ids) => [...ids, child.id]);
    setDone(t('profile.children.removed', { name: learnerName(child) }));
    setTitleFocusRequest((count) => count + 1);
    reloadLearners();
  }

  return (
    <ChildrenFrame titleRef={titleRef}>
      <p>{t('profile.children.intro', { max: maxLearners })}</p>
      <ul className="children-list">
        {children.map((child) => (
          <li key={child.id} className="child-row">
            <LearnerAvatar learner={child} />
            <div className="child-details">
              <p className="child-name">
                {learnerName(child)}
                {child.id === activeId ? (
                  <span className="child-badge">{t('profile.children.learningNow')}</span>
                ) : null}
              </p>
              <p className="child-facts">
                {t('profile.children.facts', {
                  grade: gradeLabel(child.grade, t, child.grade),
                  plan: findPlan(child.subscription).name,
                })}
              </p>
              {child.subscriptionEndsAt ? (
                <p className="child-facts">
                  {t('profile.plan.activeUntil', { date: formatDate(child.subscriptionEndsAt, 'long') })}
                </p>
              ) : null}
              {child.isAccountHolder && children.length === 1 ? (
                <p className="field-hint">{t('profile.children.holderNote', { name: child.first_name })}</p>
              ) : null}
            </div>
            <div className="child-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                // Not disabled while a download runs: the button keeps the focus for the PIN dialog to return it.
                aria-disabled={downloadingId === null ? undefined : true}
                aria-label={
                  downloadingId === child.id
                    ? t('profile.children.preparingLabel', { name: learnerName(child) })
                    : t('profile.children.downloadLabel', { name: learnerName(child) })
                }
                onClick={() => void handleDownload(child)}
              >
                {downloadingId === child.id
                  ? t('profile.children.preparing')
                  : t('profile.children.download')}
              </button>
              {children.length === 1 ? null : (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t('profile.children.removeLabel', { name: learnerName(child) })}
                  onClick={() => {
                    setDone('');
                    setDownloadError('');
                    setRemoval({
                      child,
                      switchTo: child.id === activeId ? successorOf(child) : undefined,
                      handsOverTo: child.isAccountHolder ? successorOf(child) : undefined,
                      password: '',
                      error: '',
                      busy: false,
                      focusRequest: 0,
                    });
                  }}
                >
                  {t('profile.children.remove')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="child-status" role="status">
        {done}
      </p>
      {downloadError ? (
        <p className="form-error" role="alert">
          {downloadError}
        </p>
      ) : null}
      {full ? (
        <p className="field-hint">{t('profile.children.full', { max: maxLearners })}</p>
      ) : (
        <form
          className="form add-child-form"
          onSubmit={(event) => void handleAdd(event)}
          noValidate
          aria-labelledby="add-child-title"
          aria-busy={adding}
        >
          <h3 id="add-child-title">{t('profile.children.addTitle')}</h3>
          <div className="field-pair">
            <TextField
              id={CHILD_INPUT_IDS.first_name}
              label={t('profile.children.firstName')}
              name="child_first_name"
              autoComplete="off"
              required
              value={values.first_name}
              onChange={(event) => update('first_name')(event.target.value)}
              error={fieldErrors.first_name}
            />
            <TextField
              id={CHILD_INPUT_IDS.last_name}
              label={t('profile.children.lastName')}
              name="child_last_name"
              autoComplete="off"
              required
              value={values.last_name}
              onChange={(event) => update('last_name')(event.target.value)}
              error={fieldErrors.last_name}
            />
          </div>
          <SelectField
            id={CHILD_INPUT_IDS.grade}
            label={t('profile.children.grade')}
            name="child_grade"
            required
            placeholder={t('profile.form.selectGrade')}
            options={gradeOptions(grades, t)}
            value={values.grade}
            onChange={(event) => update('grade')(event.target.value)}
            error={fieldErrors.grade}
          />
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={adding}>
            {adding ? t('profile.children.adding') : t('profile.children.add')}
          </button>
        </form>
      )}
      {/* The PIN dialog takes the place of the remove dialog while it asks: one dialog at a time. */}
      {pinDialog ??
        (removal ? (
          <RemoveChildDialog
            removal={removal}
            onPasswordChange={(password) => changeRemoval({ password, error: '' })}
            onSubmit={() => void handleRemove(removal)}
            onCancel={() => setRemoval(null)}
          />
        ) : null)}
    </ChildrenFrame>
  );
}

function ChildrenFrame({ children, titleRef }: { children: ReactNode; titleRef?: Ref<HTMLHeadingElement> }) {
  const t = useText();
  return (
    <section className="card children-section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} ref={titleRef} tabIndex={-1}>
        {t('profile.children.title')}
      </h2>
      {children}
    </section>
  );
}

interface RemoveChildDialogProps {
  removal: Removal;
  onPasswordChange: (password: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const PASSWORD_ID = 'remove-child-password';

/** Asks for the account's password again and says plainly what removing a child erases. */
function RemoveChildDialog({ removal, onPasswordChange, onSubmit, onCancel }: RemoveChildDialogProps) {
  const t = useText();
  const descriptionId = useId();
  const { child, switchTo, handsOverTo, password, error, busy, focusRequest } = removal;
  const name = learnerName(child);

  // Runs after the render that enables the field again (and when the dialog comes back after the PIN).
  useEffect(() => {
    if (focusRequest > 0) document.getElementById(PASSWORD_ID)?.focus();
  }, [focusRequest]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Modal
      title={t('profile.removeChild.title', { name })}
      role="alertdialog"
      describedBy={descriptionId}
      locked={busy}
      onClose={onCancel}
    >
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <div id={descriptionId}>
          <p>{t('profile.removeChild.warning', { name })}</p>
          {handsOverTo ? (
            <p>
              {t('profile.removeChild.handOver', { name: child.first_name, next: handsOverTo.first_name })}
            </p>
          ) : null}
          {switchTo ? (
            <p>
              {t('profile.removeChild.switchFirst', { name: child.first_name, holder: switchTo.first_name })}
            </p>
          ) : null}
        </div>
        <TextField
          id={PASSWORD_ID}
          label={t('profile.removeChild.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          hint={t('profile.removeChild.passwordHint')}
          value={password}
          disabled={busy}
          onChange={(event) => onPasswordChange(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
            {t('profile.removeChild.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy
              ? t('profile.removeChild.removing')
              : t('profile.removeChild.submit', { name: child.first_name })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
