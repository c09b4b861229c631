import {
  LearnersResponse,
  SelectLearnerResponse,
  type AddLearnerRequest,
  type LearnerSummary,
  type RemoveLearnerRequest,
} from '@quizquest/shared';
import { apiRequest } from './api-client.ts';
import { LEARNERS_PATH } from './api-paths.ts';
import { apiGet } from './prefetch.ts';
import { setSession } from './session-store.ts';

/**
 * The account's learners (family accounts, decision 035): the chooser, the sidebar's switch, the
 * profile's children, the Subscribe page's "which child" and the parent's report all read them.
 */

/**
 * GET /api/learners: the account's learners, the active one, the PIN and digest settings (the read
 * route-preload.ts started for this page, when there is one).
 */
export async function fetchLearners(signal?: AbortSignal): Promise<LearnersResponse> {
  const { data } = await apiGet(LEARNERS_PATH, { signal });
  return LearnersResponse.parse(data);
}

/** POST /api/learners/{id}/select: the session becomes that learner's, as a login would make it. */
export async function switchLearner(learnerId: string): Promise<void> {
  const { data } = await apiRequest(`/learners/${encodeURIComponent(learnerId)}/select`, { method: 'POST' });
  const { token, user } = SelectLearnerResponse.parse(data);
  setSession(token, user);
}

/** POST /api/learners: adds a child to the account (guarded by the parent PIN when one is set). */
export async function addLearner(body: AddLearnerRequest): Promise<LearnerSummary> {
  const { data } = await apiRequest(LEARNERS_PATH, { method: 'POST', body });
  return LearnersResponse.shape.learners.element.parse(data);
}

/** DELETE /api/learners/{id}: removes a child and erases its data once the password is confirmed. */
export async function removeLearner(learnerId: string, body: RemoveLearnerRequest): Promise<void> {
  await apiRequest(`/learners/${encodeURIComponent(learnerId)}`, { method: 'DELETE', body });
}

/** A learner's name as the chooser and the sidebar show it. */
export function learnerName(learner: Pick<LearnerSummary, 'first_name' | 'last_name'>): string {
  return `${learner.first_name} ${learner.last_name}`.trim();
}
