import {
  findPlan,
  type PaidPlanId,
  type SubscriptionActionRequest,
  type SubscriptionStateResponse,
} from '@quizquest/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { activatePlan, cancelPlan, extendPlan } from '../../entitlements/plan-changes.ts';
import { badRequest } from '../../lib/http-error.ts';

type Action = z.output<typeof SubscriptionActionRequest>;

/**
 * POST /admin/users/{userId}/subscription: an admin activates (365 days from now), extends (+365
 * days) or cancels a learner's plan. The activation service (entitlements) records who did it and
 * when; this says what happened.
 */
export async function changeLearnerPlan(
  deps: AppDeps,
  admin: { id: string },
  learnerId: string,
  body: Action,
): Promise<SubscriptionStateResponse> {
  const now = deps.now();
  switch (body.action) {
    case 'activate': {
      if (!body.planId)
        throw badRequest('Choose the plan to activate', { planId: 'Choose the plan to activate' });
      const state = await activatePlan(deps.db, {
        userId: learnerId,
        planId: body.planId as PaidPlanId,
        actorId: admin.id,
        source: 'admin',
        now,
      });
      return { message: `${findPlan(body.planId).name} activated`, ...state };
    }
    case 'extend': {
      const state = await extendPlan(deps.db, { userId: learnerId, actorId: admin.id, source: 'admin', now });
      return { message: `${findPlan(state.subscription).name} extended by 365 days`, ...state };
    }
    case 'cancel': {
      const state = await cancelPlan(deps.db, { userId: learnerId, actorId: admin.id, now });
      return { message: 'Plan cancelled; the learner is on the Free Plan', ...state };
    }
  }
}
