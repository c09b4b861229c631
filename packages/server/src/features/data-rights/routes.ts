import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  DataExportFile,
  dataExportFileName,
  DeleteAccountRequest,
  MessageResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['data rights'], security: [{ bearer: [] }] };

/** The parent's rights over the learner's data (decision 013). Signed-in scope: own data only. */
export function dataRightsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/user/export',
    { schema: { ...docs, response: { 200: DataExportFile, 401: MessageResponse } } },
    async (request, reply) => {
      // Checked against the schema here, so nothing outside it (a password hash) can ever leave.
      const file = DataExportFile.parse(await service.exportData(deps, currentUser(request).id));
      reply.header(
        'content-disposition',
        `attachment; filename="${dataExportFileName(file.exportedAt.slice(0, 10))}"`,
      );
      reply.header('cache-control', 'no-store');
      // Indented, so a parent can read the file in any text editor.
      reply.type('application/json; charset=utf-8');
      reply.serializer((payload) => JSON.stringify(payload, null, 2));
      return file;
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
      await service.deleteAccount(deps, currentUser(request), request.clientAddress, request.body.password);
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );
}
