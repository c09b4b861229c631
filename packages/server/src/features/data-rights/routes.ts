import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  ACCOUNT_DELETED_MESSAGE,
  AccountExportFile,
  childExportFileName,
  DataExportFile,
  dataExportFileName,
  DeleteAccountRequest,
  familyExportFileName,
  LearnerIdParams,
  MessageResponse,
  RemoveLearnerRequest,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { requireParentPin } from '../../entitlements/parent-pin.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

export const LEARNER_REMOVED_MESSAGE = 'The child and their data were removed.';

/** A JSON file to keep: a download, never cached, indented so a parent can read it in any editor. */
function asDownload<T extends { exportedAt: string }>(
  reply: FastifyReply,
  file: T,
  fileName: (day: string) => string = dataExportFileName,
): T {
  reply.header('content-disposition', `attachment; filename="${fileName(file.exportedAt.slice(0, 10))}"`);
  reply.header('cache-control', 'no-store');
  reply.type('application/json; charset=utf-8');
  reply.serializer((payload) => JSON.stringify(payload, null, 2));
  return file;
}

const guarded = { 200: MessageResponse, 401: MessageResponse, 403: MessageResponse, 404: MessageResponse };

const docs = { tags: ['data rights'], security: [{ bearer: [] }] };

/** The parent's rights over the learner's data (decision 013). Signed-in scope: own data only. */
export function dataRightsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/user/export',
    { schema: { ...docs, response: { 200: DataExportFile, 401: MessageResponse, 403: MessageResponse } } },
    async (request, reply) => {
      await requireParentPin(deps, currentUser(request), request.headers);
      // Checked against the schema here, so nothing outside it (a password hash) can ever leave.
      return asDownload(reply, DataExportFile.parse(await service.exportData(deps, currentUser(request).id)));
    },
  );

  // Family accounts (decision 035): one child's file, or the whole account's.
  routes.get(
    '/learners/:id/export',
    { schema: { ...docs, params: LearnerIdParams, response: { ...guarded, 200: DataExportFile } } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireParentPin(deps, user, request.headers);
      const file = DataExportFile.parse(await service.exportChild(deps, user, request.params.id));
      return asDownload(reply, file, (day) => childExportFileName(day, file.profile.first_name));
    },
  );

  routes.get(
    '/account/export',
    { schema: { ...docs, response: { ...guarded, 200: AccountExportFile } } },
    async (request, reply) => {
      const user = currentUser(request);
      await requireParentPin(deps, user, request.headers);
      return asDownload(
        reply,
        AccountExportFile.parse(await service.exportAccount(deps, user)),
        familyExportFileName,
      );
    },
  );

  routes.delete(
    '/learners/:id',
    {
      schema: {
        ...docs,
        params: LearnerIdParams,
        body: RemoveLearnerRequest,
        response: { ...guarded, 400: MessageResponse, 409: MessageResponse, 429: MessageResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireParentPin(deps, user, request.headers);
      await service.removeLearner(
        deps,
        user,
        request.clientAddress,
        request.params.id,
        request.body.password,
      );
      return { message: LEARNER_REMOVED_MESSAGE };
    },
  );

  routes.post(
    '/user/delete-account',
    {
      schema: {
        ...docs,
        body: DeleteAccountRequest,
        response: {
          200: MessageResponse,
          400: MessageResponse,
          401: MessageResponse,
          403: MessageResponse,
          429: MessageResponse,
        },
      },
    },
    async (request) => {
      await requireParentPin(deps, currentUser(request), request.headers);
      await service.deleteAccount(deps, currentUser(request), request.clientAddress, request.body.password);
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );
}
