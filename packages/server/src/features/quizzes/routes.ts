import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MessageResponse,
  PublishedQuizzesRequest,
  PublishedQuizzesResponse,
  QuizAttemptResponse,
  QuizCategoriesQuery,
  QuizCategoriesResponse,
  QuizIdParams,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errorResponses = { 400: MessageResponse, 401: MessageResponse, 404: MessageResponse };
const docs = { tags: ['quizzes'], security: [{ bearer: [] }] };

/** The learner's quiz catalogue (spec §7): categories, the practice list and one quiz to attempt. */
export function quizRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/quizzes/quiz-categories',
    {
      schema: {
        ...docs,
        querystring: QuizCategoriesQuery,
        response: { 200: QuizCategoriesResponse, ...errorResponses },
      },
    },
    async (request) => ({ categories: await service.practiceCategories(deps, request.query.param) }),
  );

  routes.post(
    '/quizzes/published',
    {
      // A read sent as POST (spec §7): it must not empty the learner's account cache.
      config: { keepsAccountCache: true },
      schema: {
        ...docs,
        body: PublishedQuizzesRequest,
        response: { 200: PublishedQuizzesResponse, ...errorResponses },
      },
    },
    async (request) => ({
      quizzes: await service.publishedQuizzes(
        deps,
        currentUser(request).id,
        request.body,
        currentUser(request).language,
      ),
    }),
  );

  routes.get(
    '/quizzes/:quizId',
    {
      schema: {
        ...docs,
        params: QuizIdParams,
        response: { 200: QuizAttemptResponse, ...errorResponses, 403: MessageResponse },
      },
    },
    async (request, reply) => {
      // A draw is served once and replaced when submitted: no cache may answer it again (the
      // service worker keeps a saved quiz's draw in IndexedDB instead, decision 038).
      reply.header('cache-control', 'private, no-store');
      return service.quizForAttempt(
        deps,
        currentUser(request).id,
        request.params.quizId,
        currentUser(request).language,
      );
    },
  );
}
