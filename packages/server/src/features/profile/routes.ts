import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FieldErrorsResponse,
  LanguageRequest,
  LanguageResponse,
  MessageResponse,
  ProfileResponse,
  ProfileUpdateRequest,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['profile'], security: [{ bearer: [] }] };

/** The signed-in user's own profile (spec §7 /user/profile). */
export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/user/profile',
    { schema: { ...docs, response: { 200: ProfileResponse, 401: MessageResponse, 404: MessageResponse } } },
    async (request) => service.getProfile(deps, currentUser(request).id),
  );

  routes.put(
    '/user/profile',
    {
      schema: {
        ...docs,
        body: ProfileUpdateRequest,
        response: {
          200: ProfileResponse,
          400: FieldErrorsResponse,
          401: MessageResponse,
          404: MessageResponse,
          413: FieldErrorsResponse,
        },
      },
    },
    async (request) => service.saveProfile(deps, currentUser(request), request.body),
  );

  routes.put(
    '/user/language',
    {
      schema: {
        ...docs,
        description: 'Beside the spec (decision 034): the language the learner reads, en or hi.',
        body: LanguageRequest,
        response: {
          200: LanguageResponse,
          400: FieldErrorsResponse,
          401: MessageResponse,
          404: MessageResponse,
        },
      },
    },
    async (request) => service.saveLanguage(deps, currentUser(request).id, request.body.language),
  );
}
