import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CertificateCodeParams,
  CertificateVerification,
  CertificateViewQuery,
  CertificationProgress,
  CREDENTIAL_MEDIA_TYPE,
  CredentialDownloadQuery,
  MessageResponse,
  MyCertificationsResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['certification'], security: [{ bearer: [] }] };
const errorResponses = { 400: MessageResponse, 401: MessageResponse, 404: MessageResponse };
const pdfDescription = 'The certificate as application/pdf.';

function sendPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

function sendCredential(reply: FastifyReply, file: { credential: string; fileName: string }) {
  return reply
    .header('content-type', CREDENTIAL_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.credential);
}

/** The signed-in certification calls of spec §7: progress, my certifications and the PDFs. */
export function certificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/certification/progress',
    { schema: { ...docs, response: { 200: CertificationProgress, ...errorResponses } } },
    async (request) => service.progress(deps, currentUser(request).id),
  );

  routes.get(
    '/certification/my-certifications',
    { schema: { ...docs, response: { 200: MyCertificationsResponse, ...errorResponses } } },
    async (request) => service.myCertifications(deps, currentUser(request).id),
  );

  routes.get(
    '/certification/view',
    {
      schema: {
        ...docs,
        description: pdfDescription,
        querystring: CertificateViewQuery,
        response: { ...errorResponses, 403: MessageResponse },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.levelCertificate(deps, currentUser(request).id, request.query.level)),
  );

  routes.get(
    '/certification/credential',
    {
      schema: {
        ...docs,
        description: `The level's certificate as a signed Open Badges 3.0 credential (${CREDENTIAL_MEDIA_TYPE}, a compact JWS).`,
        querystring: CredentialDownloadQuery,
        response: { ...errorResponses, 403: MessageResponse },
      },
    },
    async (request, reply) =>
      sendCredential(
        reply,
        await service.levelCredential(deps, currentUser(request), request.query, request.headers),
      ),
  );

  routes.get(
    '/certificates/download',
    {
      schema: { ...docs, description: pdfDescription, response: { ...errorResponses, 403: MessageResponse } },
    },
    async (request, reply) => sendPdf(reply, await service.highestCertificate(deps, currentUser(request).id)),
  );
}

/** The public check behind a certificate's QR code: first name, level and date only. */
export function publicCertificateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags: ['certification'],
        params: CertificateCodeParams,
        response: { 200: CertificateVerification, 404: MessageResponse, 429: MessageResponse },
      },
    },
    async (request) => service.verifyCertificate(deps, request.clientAddress, request.params.code),
  );
}
