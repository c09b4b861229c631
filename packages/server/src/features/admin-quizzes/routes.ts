import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_IMPORT_MAX_QUIZZES,
  AdminCategoriesResponse,
  AdminQuizDetail,
  AdminQuizFilters,
  AdminQuizIdParams,
  AdminQuizInput,
  AdminQuizListQuery,
  AdminQuizListResponse,
  AdminQuizSaveResponse,
  AdminQuestionStatsQuery,
  AdminQuestionStatsResponse,
  AdminStatsQuery,
  AdminStatsResponse,
  MessageResponse,
  QUIZ_SAVED_MESSAGE,
  QuizExportFile,
  QuizImportProblem,
  QuizImportResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';
import { exportQuizzes, importQuizzes, QuizImportEnvelope, QuizImportError } from './transfer.ts';

/**
 * A quiz's question images are kept as uploaded (spec §5), up to the media limit of 2 MB each,
 * and travel as base64 data strings: a quiz body needs far more than the app's 1 MB. Only these
 * admin routes get more, and the admin hook runs before any body is read.
 */
export const QUIZ_BODY_LIMIT = 20 * 1024 * 1024;
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** Errors keep their details: field errors from validation, per quiz and question from an import. */
const ErrorResponse = z.object({
  message: z.string(),
  errors: z.union([z.record(z.string(), z.string()), z.array(QuizImportProblem)]).optional(),
});
const errorResponses = {
  400: ErrorResponse,
  401: MessageResponse,
  403: MessageResponse,
  404: MessageResponse,
  413: ErrorResponse,
};
const docs = { tags: ['admin'], security: [{ bearer: [] }] };

/** The admin's quiz catalogue (spec §7 /admin/quizzes*), registered inside the /admin scope. */
export function adminQuizRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/quizzes',
    {
      schema: {
        ...docs,
        querystring: AdminQuizListQuery,
        response: { 200: AdminQuizListResponse, ...errorResponses },
      },
    },
    async (request) => service.listQuizzes(deps, request.query),
  );

  routes.get(
    '/quizzes/quiz-categories',
    { schema: { ...docs, response: { 200: AdminCategoriesResponse, ...errorResponses } } },
    async () => service.categories(deps),
  );

  routes.get(
    '/quizzes/stats',
    {
      schema: {
        ...docs,
        querystring: AdminStatsQuery,
        response: { 200: AdminStatsResponse, ...errorResponses },
      },
    },
    async (request) => service.quizStats(deps, request.query),
  );

  routes.get(
    '/quizzes/:id/question-stats',
    {
      schema: {
        ...docs,
        params: AdminQuizIdParams,
        querystring: AdminQuestionStatsQuery,
        response: { 200: AdminQuestionStatsResponse, ...errorResponses },
      },
    },
    async (request) => service.questionStats(deps, request.params.id, request.query),
  );

  routes.get(
    '/quizzes/export',
    {
      schema: {
        ...docs,
        querystring: AdminQuizFilters,
        response: { 200: QuizExportFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportQuizzes(deps, request.query);
      const day = file.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="quizquest-quizzes-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return file;
    },
  );

  routes.post(
    '/quizzes/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...docs,
        body: QuizImportEnvelope,
        response: { 201: QuizImportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const imported = await importQuizzes(
          deps,
          request.body,
          { maxQuizzes: ADMIN_IMPORT_MAX_QUIZZES },
          currentUser(request),
        );
        return reply.status(201).send(imported);
      } catch (error) {
        if (!(error instanceof QuizImportError)) throw error;
        return reply.status(400).send({ message: error.message, errors: error.problems });
      }
    },
  );

  routes.post(
    '/quizzes/add',
    {
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: { ...docs, body: AdminQuizInput, response: { 201: AdminQuizSaveResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const quiz = await service.createQuiz(deps, request.body, currentUser(request));
      return reply.status(201).send({ message: QUIZ_SAVED_MESSAGE, quiz });
    },
  );

  routes.get(
    '/quizzes/:id',
    { schema: { ...docs, params: AdminQuizIdParams, response: { 200: AdminQuizDetail, ...errorResponses } } },
    async (request) => service.quizDetail(deps.db, request.params.id),
  );

  routes.put(
    '/quizzes/:id',
    {
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: {
        ...docs,
        params: AdminQuizIdParams,
        body: AdminQuizInput,
        response: { 200: AdminQuizSaveResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: QUIZ_SAVED_MESSAGE,
      quiz: await service.updateQuiz(deps, request.params.id, request.body, currentUser(request)),
    }),
  );

  routes.delete(
    '/quizzes/:id',
    { schema: { ...docs, params: AdminQuizIdParams, response: { 200: MessageResponse, ...errorResponses } } },
    async (request) => service.deleteQuiz(deps, request.params.id),
  );
}
