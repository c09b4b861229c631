import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AchievementParams,
  CertificateCodeParams,
  CREDENTIAL_MEDIA_TYPE,
  MessageResponse,
  RevokeCertificateRequest,
  RevokeCertificateResponse,
  StatusListParams,
  VerifyCredentialRequest,
  VerifyCredentialResponse,
} from '@quizquest/shared';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const docs = { tags: ['credentials'] };
const BadRequest = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });

/** A JSON-LD document of the issuer (Profile, Achievement): these keys named, every other kept. */
const JsonLdDocument = z.looseObject({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
});

const Jwks = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
});

/** Public documents any verifier may fetch, from any site (they hold nothing personal). */
const PUBLIC_DOCUMENT_HEADERS = {
  'cache-control': 'public, max-age=300',
  'access-control-allow-origin': '*',
};

/** A status list is a VC-JWT: read afresh by verifiers, so revocations show at once. */
function sendStatusList(reply: FastifyReply, jwt: string) {
  return reply
    .header('content-type', CREDENTIAL_MEDIA_TYPE)
    .header('cache-control', 'no-cache')
    .header('access-control-allow-origin', '*')
    .send(jwt);
}

/**
 * GET /.well-known/jwks.json, outside /api where JOSE verifiers look: the public keys, current and
 * retired (decision 037). Left out of the OpenAPI document, whose paths are under /api.
 */
export function wellKnownCredentialRoutes(app: FastifyInstance, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/.well-known/jwks.json',
      { schema: { hide: true, response: { 200: Jwks } } },
      async (_request, reply) => reply.headers(PUBLIC_DOCUMENT_HEADERS).send(service.jwks(deps)),
    );
}

/** The public side of the credentials: issuer, achievements, status lists and the verifier. */
export function publicCredentialRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/credentials/issuer',
    {
      schema: {
        ...docs,
        description: 'The issuer Profile (Open Badges 3.0).',
        response: { 200: JsonLdDocument },
      },
    },
    async (_request, reply) => reply.headers(PUBLIC_DOCUMENT_HEADERS).send(service.issuer(deps)),
  );

  routes.get(
    '/credentials/achievements/:level',
    {
      schema: {
        ...docs,
        description: 'The Achievement of a level, 1 to 10 (Open Badges 3.0).',
        params: AchievementParams,
        response: { 200: JsonLdDocument, 404: MessageResponse },
      },
    },
    async (request, reply) =>
      reply.headers(PUBLIC_DOCUMENT_HEADERS).send(service.levelAchievement(deps, request.params.level)),
  );

  routes.get(
    '/credentials/status/:listId',
    {
      schema: {
        ...docs,
        description: `A BitstringStatusListCredential (revocation) as ${CREDENTIAL_MEDIA_TYPE}.`,
        params: StatusListParams,
        response: { 404: MessageResponse },
      },
    },
    async (request, reply) => sendStatusList(reply, await service.statusList(deps, request.params.listId)),
  );

  routes.post(
    '/credentials/verify',
    {
      // Checks, never writes: a verification keeps every learner's cached account state.
      config: { keepsAccountCache: true },
      schema: {
        ...docs,
        description: 'Verifies a credential (a VC-JWT) or a certificate code.',
        body: VerifyCredentialRequest,
        response: { 200: VerifyCredentialResponse, 400: BadRequest, 429: MessageResponse },
      },
    },
    async (request) => service.verify(deps, request.clientAddress, request.body),
  );
}

/** The admin's revocation of a certificate (and with it its credential). */
export function adminCredentialRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/certificates/:code/revoke',
    {
      // A revocation changes no learner's account state.
      config: { keepsAccountCache: true },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: CertificateCodeParams,
        body: RevokeCertificateRequest,
        response: {
          200: RevokeCertificateResponse,
          400: BadRequest,
          401: MessageResponse,
          403: MessageResponse,
          404: MessageResponse,
          409: MessageResponse,
        },
      },
    },
    async (request) =>
      service.revoke(deps, currentUser(request).id, request.params.code, request.body.reason),
  );
}
