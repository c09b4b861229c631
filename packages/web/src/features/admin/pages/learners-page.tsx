import { useEffect, useState, type FormEvent } from 'react';
import {
  isGradeValue,
  isLearnerId,
  learnerPaymentCode,
  PAID_PLANS,
  paymentReference,
  type AdminLearnerListResponse,
  type AdminLearnerRow,
  type PaidPlanId,
} from '@quizquest/shared';
import { msg, translate } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText, type Translate } from '../../../i18n/use-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { changePlan, searchLearners, type PlanAction } from '../api.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { LearnerCertificatesDialog } from '../components/learner-certificates-dialog.tsx';
import { Pagination } from '../components/pagination.tsx';
import { formatDate } from '../lib/format.ts';
import { adminToast } from '../lib/toast.ts';

const DEFAULT_PLAN: PaidPlanId = 'plan59';

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: AdminLearnerListResponse };

interface Pending {
  learner: AdminLearnerRow;
  action: PlanAction;
  busy: boolean;
  error: string;
}

function planName(planId: PaidPlanId): string {
  return PAID_PLANS.find((plan) => plan.id === planId)?.name ?? planId;
}

function isPaid(learner: AdminLearnerRow): boolean {
  return learner.plan.id !== 'free';
}

/** The question the confirm dialog asks for each plan change. */
function confirmText(t: Translate, learner: AdminLearnerRow, action: PlanAction): string {
  const who = `${learner.name || learner.email} (${learner.email})`;
  const current = learner.plan.name;
  switch (action.action) {
    case 'activate':
      return isPaid(learner)
        ? t('admin.learners.confirmActivateReplacing', { plan: planName(action.planId), who, current })
        : t('admin.learners.confirmActivate', { plan: planName(action.planId), who });
    case 'extend':
      return t('admin.learners.confirmExtend', { plan: current, who });
    case 'cancel':
      return t('admin.learners.confirmCancel', { plan: current, who });
  }
}

const ACTION_TITLES = {
  activate: msg('admin.learners.activateTitle'),
  extend: msg('admin.learners.extendTitle'),
  cancel: msg('admin.learners.cancelTitle'),
} as const;

const GRADE_NAMES: Readonly<Record<string, string>> = {
  Nursery: msg('admin.learners.gradeNursery'),
  'Jr-Kg': msg('admin.learners.gradeJuniorKg'),
  'Sr-Kg': msg('admin.learners.gradeSeniorKg'),
};

/** A grade as the catalogue names it (Class 3), in the language shown; an unknown value as sent. */
function gradeText(t: Translate, grade: string): string {
  if (!isGradeValue(grade)) return grade;
  const named = GRADE_NAMES[grade];
  if (named) return t(named);
  const classNumber = /^c-(\d+)$/.exec(grade)?.[1];
  return classNumber ? t('admin.learners.gradeClass', { number: Number(classNumber) }) : grade;
}

/**
 * The Learners page of the admin issue: find learners by e-mail or name, see their plan, its
 * expiry and their progress, and activate, extend or cancel a plan after a confirmation; open a
 * learner's level certificates and revoke one, with a reason (issue 21).
 */
export function AdminLearnersPage() {
  const t = useText();
  useDocumentTitle(t('admin.learners.documentTitle'));
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [chosenPlans, setChosenPlans] = useState<Record<string, PaidPlanId>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState('');
  /** The learner whose certificates are shown. */
  const [certificatesOf, setCertificatesOf] = useState<AdminLearnerRow | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    searchLearners(search, page, controller.signal)
      .then((list) => setState({ status: 'ready', list }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load learners', error);
        setState({ status: 'error', message: errorMessage(error, translate('admin.learners.loadFailed')) });
      });
    return () => controller.abort();
  }, [search, page, reloads]);

  function load(nextPage: number) {
    setState({ status: 'loading' });
    setPage(nextPage);
    setReloads((count) => count + 1);
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice('');
    setSearch(input.trim());
    load(1);
  }

  async function confirmChange() {
    if (!pending || pending.busy) return;
    setPending({ ...pending, busy: true, error: '' });
    try {
      const result = await changePlan(pending.learner._id, pending.action);
      setPending(null);
      setNotice(`${result.message}: ${pending.learner.email}`);
      adminToast.success(result.message);
      load(page);
    } catch (error) {
      console.error('Failed to change the plan', error);
      const message = errorMessage(error, translate('admin.learners.changeFailed'));
      setPending({ ...pending, busy: false, error: message });
      adminToast.error(message);
    }
  }

  const list = state.status === 'ready' ? state.list : null;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="page admin-page">
      <h1>{t('admin.learners.title')}</h1>
      <form
        className="filter-bar filter-bar-search"
        role="search"
        aria-label={t('admin.learners.find')}
        onSubmit={handleSearch}
      >
        <div className="field filter-title">
          <label htmlFor="learner-search">{t('admin.learners.searchLabel')}</label>
          <input
            id="learner-search"
            aria-describedby="learner-search-hint"
            className="input"
            type="search"
            maxLength={254}
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
          <p id="learner-search-hint" className="field-hint">
            {t('admin.learners.searchHint')}
          </p>
        </div>
        <button type="submit" className="button filter-apply">
          {t('admin.learners.search')}
        </button>
      </form>

      <div aria-live="polite">{notice ? <p className="form-success">{notice}</p> : null}</div>

      {state.status === 'loading' ? <p role="status">{t('admin.learners.loading')}</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {list && list.learners.length === 0 ? <p role="status">{t('admin.learners.empty')}</p> : null}
      {list && list.learners.length > 0 ? (
        <>
          <div
            className="table-scroll"
            role="region"
            aria-label={t('admin.learners.tableLabel')}
            tabIndex={0}
          >
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.learners.columnLearner')}</th>
                  <th scope="col">{t('admin.learners.columnGrade')}</th>
                  <th scope="col">{t('admin.learners.columnPlan')}</th>
                  <th scope="col">{t('admin.learners.columnExpires')}</th>
                  <th scope="col">{t('admin.learners.columnProgress')}</th>
                  <th scope="col">{t('admin.learners.columnActions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.learners.map((learner) => {
                  const chosen = chosenPlans[learner._id] ?? DEFAULT_PLAN;
                  const selectId = `plan-${learner._id}`;
                  const paid = isPaid(learner);
                  return (
                    <tr key={learner._id}>
                      <th scope="row">
                        {learner.name || '—'}
                        <span className="table-note">{learner.email}</span>
                        {isLearnerId(learner._id) ? (
                          <span className="table-note">
                            <Message
                              id="admin.learners.paymentReference"
                              values={{ code: learnerPaymentCode(learner._id) }}
                              components={{ 0: <span className="payment-code" /> }}
                            />
                          </span>
                        ) : null}
                        {learner.isVerified ? null : (
                          <span className="table-note">{t('admin.learners.notVerified')}</span>
                        )}
                      </th>
                      <td>{gradeText(t, learner.grade)}</td>
                      <td>{learner.plan.name}</td>
                      <td>{paid ? formatDate(learner.planEndsAt) : '—'}</td>
                      <td>
                        {t('admin.learners.certifications', { count: learner.certificationsEarned })}
                        <span className="table-note">
                          {t('admin.learners.attempts', { count: learner.attemptsCount })}
                        </span>
                        <button
                          type="button"
                          className="button button-secondary button-small learner-certificates-button"
                          aria-label={t('admin.learners.certificatesFor', { email: learner.email })}
                          onClick={() => setCertificatesOf(learner)}
                        >
                          {t('admin.learners.certificates')}
                        </button>
                      </td>
                      <td>
                        <div className="plan-actions">
                          <label htmlFor={selectId} className="visually-hidden">
                            {t('admin.learners.planFor', { email: learner.email })}
                          </label>
                          <select
                            id={selectId}
                            className="input input-small"
                            value={chosen}
                            onChange={(event) =>
                              setChosenPlans({
                                ...chosenPlans,
                                [learner._id]: event.target.value as PaidPlanId,
                              })
                            }
                          >
                            {PAID_PLANS.map((plan) => (
                              <option key={plan.id} value={plan.id}>
                                {plan.name} ({plan.price})
                              </option>
                            ))}
                          </select>
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={t('admin.learners.activateFor', { email: learner.email })}
                            onClick={() =>
                              setPending({
                                learner,
                                action: { action: 'activate', planId: chosen },
                                busy: false,
                                error: '',
                              })
                            }
                          >
                            {t('admin.learners.activate')}
                          </button>
                          {paid ? (
                            <>
                              <button
                                type="button"
                                className="button button-secondary button-small"
                                aria-label={t('admin.learners.extendFor', { email: learner.email })}
                                onClick={() =>
                                  setPending({
                                    learner,
                                    action: { action: 'extend' },
                                    busy: false,
                                    error: '',
                                  })
                                }
                              >
                                {t('admin.learners.extend')}
                              </button>
                              <button
                                type="button"
                                className="button button-danger button-small"
                                aria-label={t('admin.learners.cancelFor', { email: learner.email })}
                                onClick={() =>
                                  setPending({
                                    learner,
                                    action: { action: 'cancel' },
                                    busy: false,
                                    error: '',
                                  })
                                }
                              >
                                {t('admin.learners.cancel')}
                              </button>
                            </>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.page}
            totalPages={totalPages}
            label={t('admin.learners.pages')}
            onPage={load}
          />
        </>
      ) : null}

      {pending ? (
        <ConfirmDialog
          title={t(ACTION_TITLES[pending.action.action])}
          confirmLabel={
            pending.action.action === 'cancel'
              ? t('admin.learners.confirmCancelPlan')
              : t('admin.learners.confirm')
          }
          cancelLabel={
            pending.action.action === 'cancel' ? t('admin.learners.keepPlan') : t('admin.learners.dismiss')
          }
          busyLabel={t('admin.learners.saving')}
          busy={pending.busy}
          error={pending.error}
          danger={pending.action.action === 'cancel'}
          onConfirm={() => void confirmChange()}
          onCancel={() => setPending(null)}
        >
          <p>{confirmText(t, pending.learner, pending.action)}</p>
          {pending.action.action === 'activate' && isLearnerId(pending.learner._id) ? (
            <p>
              <Message
                id="admin.learners.planPaymentReference"
                values={{ reference: paymentReference(pending.learner._id, pending.action.planId) }}
                components={{ 0: <strong className="payment-code" /> }}
              />
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {certificatesOf ? (
        <LearnerCertificatesDialog learner={certificatesOf} onClose={() => setCertificatesOf(null)} />
      ) : null}
    </div>
  );
}
