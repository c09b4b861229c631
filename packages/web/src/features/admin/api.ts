import {
  AdminCategoriesResponse,
  AdminLearnerDetail,
  AdminLearnerListResponse,
  AdminQuizDetail,
  AdminQuizListResponse,
  AdminQuestionStatsResponse,
  AdminQuizSaveResponse,
  AdminStatsResponse,
  QuizExportFile,
  QuizImportErrorResponse,
  type QuizImportProblem,
  QuizImportResponse,
  RevokeCertificateResponse,
  SubscriptionStateResponse,
  type AdminQuizFilters,
  type AdminQuizInput,
  type PaidPlanId,
  type QuizImportRequest,
} from '@quizquest/shared';
import { API_BASE, ApiError, apiRequest } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session-store.ts';
import { localDayEnd, localDayStart } from './lib/dates.ts';

/** The admin area's calls (spec §7 /admin, plus learners and import/export of the admin issue). */

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The dashboard's filters as typed: days as YYYY-MM-DD of the admin's calendar, or ''. */
export interface QuizListFilters {
  title: string;
  startDate: string;
  endDate: string;
}

function filterParams(filters: QuizListFilters): AdminQuizFilters {
  return {
    title: filters.title.trim() || undefined,
    startDate: localDayStart(filters.startDate),
    endDate: localDayEnd(filters.endDate),
  };
}

export async function listQuizzes(filters: QuizListFilters, page: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/admin/quizzes${query({ ...filterParams(filters), page })}`, { signal });
  return AdminQuizListResponse.parse(data);
}

export async function getQuiz(id: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/admin/quizzes/${encodeURIComponent(id)}`, { signal });
  return AdminQuizDetail.parse(data);
}

export async function quizCategories(signal?: AbortSignal): Promise<string[]> {
  const { data } = await apiRequest('/admin/quizzes/quiz-categories', { signal });
  return AdminCategoriesResponse.parse(data).categories;
}

export async function saveQuiz(id: string | null, body: AdminQuizInput) {
  const { data } = id
    ? await apiRequest(`/admin/quizzes/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : await apiRequest('/admin/quizzes/add', { method: 'POST', body });
  return AdminQuizSaveResponse.parse(data);
}

export async function deleteQuiz(id: string): Promise<void> {
  await apiRequest(`/admin/quizzes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The days `from` and `to` of the stats modal (both included, either may be ''). */
export interface StatsRange {
  from: string;
  to: string;
}

function rangeParams(range: StatsRange) {
  return { from: localDayStart(range.from), to: localDayEnd(range.to) };
}

/** Attempts submitted between the days `from` and `to` (both included, either may be ''). */
export async function quizStats(range: StatsRange, signal?: AbortSignal) {
  const { data } = await apiRequest(`/admin/quizzes/stats${query(rangeParams(range))}`, { signal });
  return AdminStatsResponse.parse(data).stats;
}

/** One quiz's attempts in the same days, counted per question, in the quiz's order (decision 031). */
export async function quizQuestionStats(quizId: string, range: StatsRange, signal?: AbortSignal) {
  const path = `/admin/quizzes/${encodeURIComponent(quizId)}/question-stats${query(rangeParams(range))}`;
  const { data } = await apiRequest(path, { signal });
  return AdminQuestionStatsResponse.parse(data).questions;
}

export async function exportQuizzes(filters: QuizListFilters) {
  const { data } = await apiRequest(`/admin/quizzes/export${query({ ...filterParams(filters) })}`);
  return QuizExportFile.parse(data);
}

/** An import refused as a whole: the server's message and its problems by quiz and question. */
export class ImportRejected extends Error {
  readonly problems: QuizImportProblem[];
  constructor(message: string, problems: QuizImportProblem[]) {
    super(message);
    this.name = 'ImportRejected';
    this.problems = problems;
  }
}

/**
 * POST /admin/quizzes/import. Sent with fetch directly, not apiRequest, because its 400 carries a
 * list of problems (by quiz and question) that the page shows one by one.
 */
export async function importQuizzes(file: QuizImportRequest) {
  const token = getSession().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/admin/quizzes/import`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
      body: JSON.stringify(file),
    });
  } catch {
    throw new ApiError(0);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // no JSON body: the status decides
  }
  if (response.ok) return QuizImportResponse.parse(data);
  const rejected = QuizImportErrorResponse.safeParse(data);
  if (rejected.success) throw new ImportRejected(rejected.data.message, rejected.data.errors);
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : undefined;
  throw new ApiError(response.status, message);
}

export async function searchLearners(search: string, page: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/admin/learners${query({ query: search.trim(), page })}`, { signal });
  return AdminLearnerListResponse.parse(data);
}

/** GET /admin/learners/{id}: one learner with their history, their level certificates among it. */
export async function fetchLearnerDetail(userId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/admin/learners/${encodeURIComponent(userId)}`, { signal });
  return AdminLearnerDetail.parse(data);
}

/**
 * POST /admin/certificates/{code}/revoke (issue 21): the certificate and its credential stop
 * being valid, with the reason the public check shows. 409 when it already was revoked.
 */
export async function revokeCertificate(code: string, reason: string) {
  const { data } = await apiRequest(`/admin/certificates/${encodeURIComponent(code)}/revoke`, {
    method: 'POST',
    body: { reason },
  });
  return RevokeCertificateResponse.parse(data);
}

/** Activate a plan for 365 days from now, extend the plan in force by 365 days, or cancel it. */
export type PlanAction =
  { action: 'activate'; planId: PaidPlanId } | { action: 'extend' } | { action: 'cancel' };

export async function changePlan(userId: string, body: PlanAction) {
  const { data } = await apiRequest(`/admin/users/${encodeURIComponent(userId)}/subscription`, {
    method: 'POST',
    body,
  });
  return SubscriptionStateResponse.parse(data);
}
