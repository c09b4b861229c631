import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FieldErrorsResponse,
  findPlan,
  MessageResponse,
  SubscriptionActionRequest,
  SubscriptionStateResponse,
  UserIdParams,
  type PaidPlanId,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../lib/http-error.ts';
import { activatePlan, cancelPlan, extendPlan } from '../../lib/subscriptions.ts';
import { currentUser } from '../../plugins/auth.ts';

const docs = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * Admin: activate (365 days from now), extend (+365 days) or cancel a user's plan, e.g. after
 * seeing a payment. The activation service records who did it and when.
 */
export function adminSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/users/:userId/subscription',
    {
      schema: {
        ...docs,
        params: UserIdParams,
        body: SubscriptionActionRequest,
        response: {
          200: SubscriptionStateResponse,
          400: FieldErrorsResponse,
          401: MessageResponse,
          403: MessageResponse,
          404: MessageResponse,
          409: MessageResponse,
        },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const { userId } = request.params;
      const now = deps.now();
      const body = request.body;
      switch (body.action) {
        case 'activate': {
          if (!body.planId)
            throw badRequest('Choose the plan to activate', { planId: 'Choose the plan to activate' });
          const state = await activatePlan(deps.db, {
            userId,
            planId: body.planId as PaidPlanId,
            actorId,
            source: 'admin',
            now,
          });
          return { message: `${findPlan(body.planId).name} activated`, ...state };
        }
        case 'extend': {
          const state = await extendPlan(deps.db, { userId, actorId, source: 'admin', now });
          return { message: `${findPlan(state.subscription).name} extended by 365 days`, ...state };
        }
        case 'cancel': {
          const state = await cancelPlan(deps.db, { userId, actorId, now });
          return { message: 'Plan cancelled; the learner is on the Free Plan', ...state };
        }
      }
    },
  );
}
