import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FieldErrorsResponse,
  MessageResponse,
  SubscriptionActionRequest,
  SubscriptionStateResponse,
  UserIdParams,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

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
    async (request) =>
      service.changeLearnerPlan(deps, currentUser(request), request.params.userId, request.body),
  );
}
