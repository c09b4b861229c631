import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddLearnerRequest,
  DigestRequest,
  FieldErrorsResponse,
  LearnerIdParams,
  LearnersResponse,
  LearnerSummary,
  MessageResponse,
  ResetPinRequest,
  SelectLearnerResponse,
  SetPinRequest,
  VerifyPinRequest,
  VerifyPinResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { requireParentPin } from '../../entitlements/parent-pin.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['family'], security: [{ bearer: [] }] };
const refused = { 401: MessageResponse, 403: MessageResponse, 404: MessageResponse };

/** Family accounts (decision 035), in the signed-in scope: the requester's own account only. */
export function familyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/learners',
    { schema: { ...docs, response: { ...refused, 200: LearnersResponse } } },
    async (request) => service.listLearners(deps, currentUser(request)),
  );

  routes.post(
    '/learners',
    {
      schema: {
        ...docs,
        body: AddLearnerRequest,
        response: { ...refused, 201: LearnerSummary, 400: FieldErrorsResponse, 409: MessageResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await requireParentPin(deps, user, request.headers);
      return reply.status(201).send(await service.addLearner(deps, user, request.body));
    },
  );

  routes.post(
    '/learners/:id/select',
    {
      schema: { ...docs, params: LearnerIdParams, response: { ...refused, 200: SelectLearnerResponse } },
      // Switching writes nothing: no learner's cached state needs dropping.
      config: { keepsAccountCache: true },
    },
    async (request) => service.selectLearner(deps, currentUser(request), request.params.id),
  );

  routes.put(
    '/account/pin',
    {
      schema: {
        ...docs,
        body: SetPinRequest,
        response: { ...refused, 200: MessageResponse, 400: FieldErrorsResponse, 429: MessageResponse },
      },
    },
    async (request) => service.setPin(deps, currentUser(request), request.clientAddress, request.body),
  );

  routes.post(
    '/account/pin/verify',
    {
      schema: {
        ...docs,
        body: VerifyPinRequest,
        response: {
          ...refused,
          200: VerifyPinResponse,
          400: FieldErrorsResponse,
          409: MessageResponse,
          423: MessageResponse,
        },
      },
    },
    async (request) => service.verifyPin(deps, currentUser(request), request.body.pin),
  );

  routes.post(
    '/account/pin/reset',
    {
      schema: {
        ...docs,
        response: { ...refused, 200: MessageResponse, 409: MessageResponse, 429: MessageResponse },
      },
    },
    async (request) => service.requestPinReset(deps, currentUser(request), request.clientAddress),
  );

  routes.put(
    '/account/digest',
    {
      schema: {
        ...docs,
        body: DigestRequest,
        response: { ...refused, 200: MessageResponse, 400: FieldErrorsResponse },
      },
    },
    async (request) => service.setDigest(deps, currentUser(request), request.body.weeklyDigest),
  );
}

/** The PIN reset link from the e-mail: public, as the password reset link is. */
export function publicFamilyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/account/pin/reset-confirm',
    {
      schema: {
        tags: ['family'],
        body: ResetPinRequest,
        response: { 200: MessageResponse, 400: MessageResponse, 429: MessageResponse },
      },
    },
    async (request) => service.confirmPinReset(deps, request.clientAddress, request.body.token),
  );
}
