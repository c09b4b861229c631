import type { LearnerSummary, LearnersResponse, SessionUser } from '@quizquest/shared';
import type { MockHandler, RecordedCall } from './fetch-mock.ts';
import { learner } from './render-app.tsx';

/** A family account (decision 035) for the tests: Asha holds the account, Ravi was added. */
export const ashaSummary: LearnerSummary = {
  id: learner._id,
  first_name: 'Asha',
  last_name: 'Rao',
  grade: 'c-3',
  avatar: null,
  isAccountHolder: true,
  subscription: 'free',
  subscriptionEndsAt: null,
};

export const raviSummary: LearnerSummary = {
  id: 'u2',
  first_name: 'Ravi',
  last_name: 'Rao',
  grade: 'Jr-Kg',
  avatar: '/api/media/' + 'c'.repeat(64),
  isAccountHolder: false,
  subscription: 'plan299',
  subscriptionEndsAt: '2027-01-10T08:00:00.000Z',
};

export const ravi: SessionUser = {
  ...learner,
  _id: raviSummary.id,
  name: 'Ravi Rao',
  first_name: 'Ravi',
  last_name: 'Rao',
  grade: 'Jr-Kg',
  subscription: 'plan299',
};

export function familyOf(
  learners: LearnerSummary[] = [ashaSummary, raviSummary],
  overrides: Partial<LearnersResponse> = {},
): LearnersResponse {
  return {
    learners,
    activeLearnerId: learners[0]?.id ?? learner._id,
    maxLearners: 6,
    pinSet: false,
    weeklyDigest: false,
    ...overrides,
  };
}

/** The token the mocked server signs for a learner, and the learner a token stands for. */
export const tokenOf = (learnerId: string) => `token-${learnerId}`;

/** The session user the mocked server answers GET /auth/me with, by the request's token. */
export function meByToken(users: SessionUser[]): MockHandler {
  return (call: RecordedCall) => {
    const bearer = call.headers.get('authorization') ?? '';
    const found = users.find((user) => bearer === `Bearer ${tokenOf(user._id)}`);
    return { body: found ?? users[0] };
  };
}

/** POST /api/learners/{id}/select as the server answers it: that learner's token and user. */
export function selected(user: SessionUser): MockHandler {
  return { body: { token: tokenOf(user._id), user } };
}
