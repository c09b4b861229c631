import { useEffect, useState, type FormEvent } from 'react';
import {
  gradeLabel,
  isLearnerId,
  learnerPaymentCode,
  PAID_PLANS,
  paymentReference,
  type AdminLearnerListResponse,
  type AdminLearnerRow,
  type PaidPlanId,
} from '@quizquest/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { changePlan, searchLearners, type PlanAction } from '../api.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { Pagination } from '../components/pagination.tsx';
import { formatDate } from '../lib/format.ts';
import { adminToast } from '../lib/toast.ts';

export const LEARNERS_LOAD_FAILED = 'Error loading learners.';
export const PLAN_CHANGE_FAILED = 'Failed to change the plan.';

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
export function confirmText(learner: AdminLearnerRow, action: PlanAction): string {
  const who = `${learner.name || learner.email} (${learner.email})`;
  switch (action.action) {
    case 'activate':
      return `Activate the ${planName(action.planId)} for ${who}? It runs for 365 days from today${
        isPaid(learner) ? ` and replaces the ${learner.plan.name}` : ''
      }.`;
    case 'extend':
      return `Extend the ${learner.plan.name} of ${who} by 365 days?`;
    case 'cancel':
      return `Cancel the ${learner.plan.name} of ${who}? They go back to the Free Plan now; their attempts and certificates are kept.`;
  }
}

const ACTION_TITLES = { activate: 'Activate Plan', extend: 'Extend Plan', cancel: 'Cancel Plan' } as const;

/**
 * The Learners page of the admin issue: find learners by e-mail or name, see their plan, its
 * expiry and their progress, and activate, extend or cancel a plan after a confirmation.
 */
export function AdminLearnersPage() {
  useDocumentTitle('Learners');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [chosenPlans, setChosenPlans] = useState<Record<string, PaidPlanId>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    searchLearners(search, page, controller.signal)
      .then((list) => setState({ status: 'ready', list }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load learners', error);
        setState({ status: 'error', message: errorMessage(error, LEARNERS_LOAD_FAILED) });
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
      const message = errorMessage(error, PLAN_CHANGE_FAILED);
      setPending({ ...pending, busy: false, error: message });
      adminToast.error(message);
    }
  }

  const list = state.status === 'ready' ? state.list : null;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <div className="page admin-page">
      <h1>Learners</h1>
      <form
        className="filter-bar filter-bar-search"
        role="search"
        aria-label="Find learners"
        onSubmit={handleSearch}
      >
        <div className="field filter-title">
          <label htmlFor="learner-search">Search by e-mail or name</label>
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
            Or a payment reference (QQ-…) from a UPI payment&apos;s note.
          </p>
        </div>
        <button type="submit" className="button filter-apply">
          Search
        </button>
      </form>

      <div aria-live="polite">{notice ? <p className="form-success">{notice}</p> : null}</div>

      {state.status === 'loading' ? <p role="status">Loading learners...</p> : null}
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {list && list.learners.length === 0 ? <p role="status">No learners found.</p> : null}
      {list && list.learners.length > 0 ? (
        <>
          <div className="table-scroll" role="region" aria-label="Learners" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Learner</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Actions</th>
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
                            Payment reference{' '}
                            <span className="payment-code">{learnerPaymentCode(learner._id)}</span>
                          </span>
                        ) : null}
                        {learner.isVerified ? null : <span className="table-note">Not verified</span>}
                      </th>
                      <td>{gradeLabel(learner.grade) || learner.grade}</td>
                      <td>{learner.plan.name}</td>
                      <td>{paid ? formatDate(learner.planEndsAt) : '—'}</td>
                      <td>
                        {learner.certificationsEarned} certifications
                        <span className="table-note">{learner.attemptsCount} attempts</span>
                      </td>
                      <td>
                        <div className="plan-actions">
                          <label htmlFor={selectId} className="visually-hidden">
                            Plan for {learner.email}
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
                            aria-label={`Activate plan for ${learner.email}`}
                            onClick={() =>
                              setPending({
                                learner,
                                action: { action: 'activate', planId: chosen },
                                busy: false,
                                error: '',
                              })
                            }
                          >
                            Activate plan
                          </button>
                          {paid ? (
                            <>
                              <button
                                type="button"
                                className="button button-secondary button-small"
                                aria-label={`Extend plan for ${learner.email}`}
                                onClick={() =>
                                  setPending({
                                    learner,
                                    action: { action: 'extend' },
                                    busy: false,
                                    error: '',
                                  })
                                }
                              >
                                Extend plan
                              </button>
                              <button
                                type="button"
                                className="button button-danger button-small"
                                aria-label={`Cancel plan for ${learner.email}`}
                                onClick={() =>
                                  setPending({
                                    learner,
                                    action: { action: 'cancel' },
                                    busy: false,
                                    error: '',
                                  })
                                }
                              >
                                Cancel plan
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
          <Pagination page={list.page} totalPages={totalPages} label="Learner pages" onPage={load} />
        </>
      ) : null}

      {pending ? (
        <ConfirmDialog
          title={ACTION_TITLES[pending.action.action]}
          confirmLabel={pending.action.action === 'cancel' ? 'Cancel plan' : 'Confirm'}
          cancelLabel={pending.action.action === 'cancel' ? 'Keep plan' : 'Cancel'}
          busyLabel="Saving..."
          busy={pending.busy}
          error={pending.error}
          danger={pending.action.action === 'cancel'}
          onConfirm={() => void confirmChange()}
          onCancel={() => setPending(null)}
        >
          <p>{confirmText(pending.learner, pending.action)}</p>
          {pending.action.action === 'activate' && isLearnerId(pending.learner._id) ? (
            <p>
              Payment reference for this plan:{' '}
              <strong className="payment-code">
                {paymentReference(pending.learner._id, pending.action.planId)}
              </strong>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
