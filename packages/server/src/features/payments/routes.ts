import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse, PlanPaymentParams, PlanPaymentResponse, PlansResponse } from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { requireParentPin } from '../../entitlements/parent-pin.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

/** The plans page's data: plans, their payment links and the support number (from configuration). */
export function planRoutes(app: FastifyInstance, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/plans', { schema: { tags: ['plans'], response: { 200: PlansResponse } } }, async () =>
      service.plansWithLinks(deps.config),
    );
}

/** How the signed-in learner pays for one plan: its link, or the UPI QR page's data (decision 020). */
export function planPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/plans/:planId/payment',
    {
      schema: {
        tags: ['plans'],
        security: [{ bearer: [] }],
        params: PlanPaymentParams,
        response: {
          200: PlanPaymentResponse,
          401: MessageResponse,
          403: MessageResponse,
          404: MessageResponse,
        },
      },
    },
    async (request, reply) => {
      // Buying is for the parent: behind the parent PIN when one is set (decision 035).
      await requireParentPin(deps, currentUser(request), request.headers);
      // The reference names the learner: private to them, never kept by a cache on the way.
      reply.header('cache-control', 'private, no-store');
      return service.planPayment(deps.config, currentUser(request).id, request.params.planId);
    },
  );
}

const WEBHOOK_BODY_LIMIT = 256 * 1024;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /payments/webhook. Registered as its own plugin: the signature is over the raw bytes, so
 * inside this scope every body is kept as a Buffer instead of being parsed as JSON.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        response: { 200: MessageResponse, 202: MessageResponse, 400: MessageResponse, 503: MessageResponse },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await service.handleWebhook(
        deps,
        body,
        headerValue(request.headers['x-razorpay-signature']),
      );
      // The provider's event id is not signed: logged to find the delivery, never trusted (decision 020).
      const providerEventId = headerValue(request.headers['x-razorpay-event-id'])?.slice(0, 100);
      request.log.info({ outcome: result.outcome, providerEventId }, 'payment webhook');
      return reply.status(result.status).send({ message: result.message });
    },
  );
}
