import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdempotentRequestHeaders,
  MessageResponse,
  ReviewSessionResponse,
  SubmitReviewRequest,
  SubmitReviewResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { idempotentRequest } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { reviewSession, submitReview } from './service.ts';

const docs = { tags: ['review'], security: [{ bearer: [] }] };
const errorResponses = { 400: MessageResponse, 401: MessageResponse, 404: MessageResponse };

/** Beside the spec's API (issue 16 item 3, decision 032): the learner's review of mistakes. */
export function reviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/review',
    { schema: { ...docs, response: { 200: ReviewSessionResponse, ...errorResponses } } },
    async (request) => reviewSession(deps, currentUser(request).id, currentUser(request).language),
  );

  routes.post(
    '/review/submit',
    {
      schema: {
        ...docs,
        body: SubmitReviewRequest,
        // An optional Idempotency-Key (decision 036): a retry gets the first answer again.
        headers: IdempotentRequestHeaders,
        response: {
          200: SubmitReviewResponse,
          ...errorResponses,
          409: MessageResponse,
          422: MessageResponse,
          429: MessageResponse,
        },
      },
    },
    async (request) =>
      submitReview(deps, currentUser(request).id, request.body.answers, idempotentRequest(request, 200)),
  );
}
