import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FieldErrorsResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  ResetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { meResponse } from '../../entitlements/session-user.ts';
import { currentUser } from '../../plugins/auth.ts';
import { unauthorized } from '../../lib/http-error.ts';
import * as service from './service.ts';

const errorResponses = {
  // A refused password names its field, so the form can mark it.
  400: FieldErrorsResponse,
  401: MessageResponse,
  429: MessageResponse,
  503: MessageResponse,
};

export function publicAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/signup',
    {
      // Only inserts a new user, whom no cache knows yet.
      config: { keepsAccountCache: true },
      schema: { tags: ['auth'], body: SignupRequest, response: { 201: MessageResponse, ...errorResponses } },
    },
    async (request, reply) => {
      await service.signup(deps, request.clientAddress, request.body);
      return reply
        .status(201)
        .send({ message: 'Signup successful! Please check your email to verify your account.' });
    },
  );

  routes.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        body: VerifyEmailRequest,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.verifyEmail(deps, request.body.token);
      return { message: 'Email verified successfully' };
    },
  );

  routes.post(
    '/auth/login',
    {
      // Reads only (rate limits live elsewhere): signing in must not empty everyone's account cache.
      config: { keepsAccountCache: true },
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse, ...errorResponses } },
    },
    async (request) => service.login(deps, request.clientAddress, request.body),
  );

  routes.post(
    '/auth/forgot-password',
    {
      config: { keepsAccountCache: true },
      schema: {
        tags: ['auth'],
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.forgotPassword(deps, request.clientAddress, request.body.email);
      return { message: service.FORGOT_PASSWORD_MESSAGE };
    },
  );

  routes.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.resetPassword(deps, request.clientAddress, request.body);
      return { message: 'Your password has been reset. Please log in with your new password.' };
    },
  );
}

export function userAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: MeResponse, 401: MessageResponse },
      },
    },
    async (request) => {
      const me = await meResponse(deps.db, currentUser(request).id, deps.now());
      if (!me) throw unauthorized();
      return me;
    },
  );
}
