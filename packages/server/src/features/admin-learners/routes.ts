import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminLearnerDetail,
  AdminLearnerIdParams,
  AdminLearnerListResponse,
  AdminLearnerQuery,
  MessageResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import * as service from './service.ts';

const errorResponses = {
  400: z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() }),
  401: MessageResponse,
  403: MessageResponse,
  404: MessageResponse,
};
const docs = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * The admin's Learners page: search, plan in force and progress. Plans are changed through the
 * activation service's own admin route (features/admin-subscriptions), not here.
 */
export function adminLearnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/learners',
    {
      schema: {
        ...docs,
        querystring: AdminLearnerQuery,
        response: { 200: AdminLearnerListResponse, ...errorResponses },
      },
    },
    async (request) => service.listLearners(deps, request.query),
  );

  routes.get(
    '/learners/:id',
    {
      schema: {
        ...docs,
        params: AdminLearnerIdParams,
        response: { 200: AdminLearnerDetail, ...errorResponses },
      },
    },
    async (request) => service.learnerDetail(deps, request.params.id),
  );
}
