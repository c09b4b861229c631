import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttemptIdParams,
  IdempotentRequestHeaders,
  MessageResponse,
  QuizHistoryQuery,
  QuizHistoryResponse,
  QuizIdParams,
  QuizResultResponse,
  SubmitQuizRequest,
  SubmitQuizResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { idempotentRequest } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['attempts'], security: [{ bearer: [] }] };
const errorResponses = { 400: MessageResponse, 401: MessageResponse, 404: MessageResponse };

/** Submitting attempts, their results and the scoreboard (spec §7 /quizzes/submit, result, history). */
export function attemptRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: service.AttemptOptions = {},
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/quizzes/submit/:quizId',
    {
      schema: {
        ...docs,
        params: QuizIdParams,
        body: SubmitQuizRequest,
        // An optional Idempotency-Key (decision 036): a retry gets the first answer again.
        headers: IdempotentRequestHeaders,
        response: {
          201: SubmitQuizResponse,
          ...errorResponses,
          403: MessageResponse,
          409: MessageResponse,
          422: MessageResponse,
          429: MessageResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await service.submitAttempt(
        deps,
        currentUser(request).id,
        request.params.quizId,
        request.body.answers,
        {
          ...options,
          language: currentUser(request).language,
          idempotency: idempotentRequest(request, 201),
        },
      );
      return reply.status(201).send(result);
    },
  );

  routes.get(
    '/quizzes/result/:attemptId',
    {
      schema: { ...docs, params: AttemptIdParams, response: { 200: QuizResultResponse, ...errorResponses } },
    },
    async (request) => service.attemptResult(deps, currentUser(request), request.params.attemptId),
  );

  routes.get(
    '/quizzes/history',
    {
      schema: {
        ...docs,
        querystring: QuizHistoryQuery,
        response: { 200: QuizHistoryResponse, ...errorResponses },
      },
    },
    async (request) => service.attemptHistory(deps, currentUser(request).id, request.query),
  );
}
