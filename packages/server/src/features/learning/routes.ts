import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LearningSummaryResponse, MessageResponse } from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import { learningSummary } from './service.ts';

const docs = { tags: ['learning'], security: [{ bearer: [] }] };

/** Beside the spec's API (issue 16, decision 030): the learner's streak, daily goal and mastery. */
export function learningRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/learning/summary',
    {
      schema: {
        ...docs,
        response: { 200: LearningSummaryResponse, 401: MessageResponse, 404: MessageResponse },
      },
    },
    async (request) => learningSummary(deps, currentUser(request).id),
  );
}
