import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { AppDeps } from './deps.ts';
import { loadCredentialKeys, type CredentialKeys } from './lib/credential-keys.ts';
import { createJwtService } from './lib/jwt.ts';
import { serverPath } from './lib/package-root.ts';
import { attemptRoutes } from './features/attempts/routes.ts';
import { benchRoutes } from './features/bench/routes.ts';
import { publicAuthRoutes, userAuthRoutes } from './features/auth/routes.ts';
import { certificationRoutes, publicCertificateRoutes } from './features/certification/routes.ts';
import {
  adminCredentialRoutes,
  publicCredentialRoutes,
  wellKnownCredentialRoutes,
} from './features/credentials/routes.ts';
import { familyRoutes, publicFamilyRoutes } from './features/family/routes.ts';
import { dataRightsRoutes } from './features/data-rights/routes.ts';
import { recordEarnedCertification } from './features/certification/service.ts';
import { gradeRoutes } from './features/grades/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { adminLearnerRoutes } from './features/admin-learners/routes.ts';
import { adminQuizRoutes } from './features/admin-quizzes/routes.ts';
import { adminSubscriptionRoutes } from './features/admin-subscriptions/routes.ts';
import { paymentWebhookRoutes, planPaymentRoutes, planRoutes } from './features/payments/routes.ts';
import { learningRoutes } from './features/learning/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { startWeeklyDigest } from './features/reports/digest.ts';
import { reviewRoutes } from './features/review/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { quizRoutes } from './features/quizzes/routes.ts';
import { createAccountCache, type AccountCache } from './lib/account-cache.ts';
import { createBackgroundWork, type BackgroundWork } from './lib/background-work.ts';
import { addressKey } from './lib/client-address.ts';
import { createQuizCache } from './lib/quiz-cache.ts';
import { memoryRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { requireAdmin, requireUser } from './plugins/auth.ts';
import { limitConnectionsPerAddress } from './plugins/connection-limits.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { localiseResponseMessages } from './plugins/message-language.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { responseSerializer } from './plugins/serializer.ts';
import { rejectUnstorableText } from './plugins/text-input.ts';

export const WEB_DIST = serverPath('..', 'web', 'dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** For tests that write rows behind the app's back: `accountCache.sync()` before the next request. */
    accountCache: AccountCache;
    /** Work done after the response (sign-up, forgot-password): tests await `idle()` before reading its effects. */
    backgroundWork: BackgroundWork;
  }
  interface FastifyRequest {
    /** The client's address as every per-address limit counts it: IPv6 by its /64 (lib/client-address.ts). */
    readonly clientAddress: string;
  }
  interface FastifyContextConfig {
    /** A non-GET route that writes no user's account state: its requests keep the account cache. */
    keepsAccountCache?: boolean;
  }
}

/** Methods that never write. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The credentials' keys (server.ts loads them at start); default: as configured, else the data folder's. */
  credentialKeys?: CredentialKeys;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  now?: () => Date;
  rateLimitFactor?: number;
  logger?: FastifyServerOptions['logger'];
  /** Also encode every response with zod and fail on any difference (tests; plugins/serializer.ts). */
  verifyResponses?: boolean;
  /** Serve the built SPA (default: when packages/web/dist exists). */
  serveWeb?: boolean;
  /** Send the weekly digest when it is due, checking hourly (server.ts; off in tests, which run the job themselves). */
  weeklyDigest?: boolean;
}

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * TRUST_PROXY for fastify (decision 021). A hop count trusts that many proxies, nearest first: the
 * client is the address the outermost of them saw (fastify 5 itself refuses number counts).
 */
function trustProxyOption(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** Builds the app without listening: server.ts listens, tests call app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // A client must send its headers and then its whole request within requestTimeout (a body
    // trickled byte by byte is cut off with 408, a connection that sends nothing is closed), and a
    // socket idle for connectionTimeout is closed (decision 021). Node checks the request and
    // headers timeouts every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(config.requestTimeoutMs / 5))),
    },
  });
  if (config.trustProxy === false) limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ verify: options.verifyResponses ?? false }));
  app.decorateRequest('authUser', null);
  app.decorateRequest('clientAddress', {
    getter(this: { ip: string }) {
      return addressKey(this.ip);
    },
  });
  registerErrorHandler(app);
  localiseResponseMessages(app);
  rejectUnstorableText(app);

  const accountCache = createAccountCache(database);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    jwt: createJwtService(options.jwtSecret, config.jwtTtlSeconds),
    credentialKeys:
      options.credentialKeys ??
      (await loadCredentialKeys({
        dataDir: config.dataDir,
        signingKey: config.credentialSigningKey,
        retiredKeys: config.credentialRetiredKeys,
      })),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.resolve(config.dataDir, 'outbox'),
        logger: app.log,
      }),
    rateLimiter: options.rateLimiter ?? memoryRateLimiter(),
    quizCache: createQuizCache(database, {
      // A learner's attempted quizzes carry each quiz's limits (decision 018).
      onInvalidate: () => accountCache.invalidate(),
    }),
    accountCache,
    backgroundWork: createBackgroundWork(app.log),
    now: options.now ?? (() => new Date()),
    rateLimitFactor: options.rateLimitFactor ?? 1,
  };

  // HSTS only means something over TLS; the proxy in front of a deployment sets it there.
  registerSecurityHeaders(app, CONTENT_SECURITY_POLICY);
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'QuizQuest API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.decorate('accountCache', deps.accountCache);
  app.decorate('backgroundWork', deps.backgroundWork);

  await app.register(
    async (api) => {
      // What the API answers depends on who asks and in which language: a cache (the service
      // worker's, decision 038) must match both, so one session's answers never reach another.
      // Set first: a route that ever sets its own Vary must keep these two in it.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('vary', 'Authorization, Accept-Language');
        done();
      });
      // The triggers' NOTIFY reaches this instance a moment after a write commits; a request that
      // wrote drops the state here itself before its answer leaves, so the next request never reads
      // the old state: the signed-in learner's own, or everyone's after an admin's or a public write
      // (password reset, e-mail verification, payment webhook).
      api.addHook('onSend', async (request, reply) => {
        if (READ_METHODS.has(request.method) || request.routeOptions.config.keepsAccountCache) return;
        // A refused request wrote nothing (its transaction rolled back); were it otherwise, the
        // triggers still tell every instance. Anonymous junk must not empty everyone's state.
        if (reply.statusCode >= 400) return;
        const user = request.authUser;
        if (!user || user.role === 'admin') {
          deps.accountCache.invalidate();
        } else {
          deps.accountCache.invalidate(user.id);
          // The account's sign-in state is cached under the holder's row (decision 035): a
          // child's request may change it (deleting the account).
          if (user.accountId !== user.id) deps.accountCache.invalidate(user.accountId);
        }
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      healthRoutes(api);
      if (config.benchRoutes) benchRoutes(api, deps);
      gradeRoutes(api);
      mediaRoutes(api, deps);
      publicAuthRoutes(api, deps);
      publicCertificateRoutes(api, deps);
      publicCredentialRoutes(api, deps);
      planRoutes(api, deps);
      publicFamilyRoutes(api, deps);
      await api.register(async (payments) => paymentWebhookRoutes(payments, deps));

      await api.register(async (signedIn) => {
        requireUser(signedIn, deps);
        userAuthRoutes(signedIn, deps);
        quizRoutes(signedIn, deps);
        attemptRoutes(signedIn, deps, { onAttemptRecorded: recordEarnedCertification });
        certificationRoutes(signedIn, deps);
        profileRoutes(signedIn, deps);
        learningRoutes(signedIn, deps);
        reportRoutes(signedIn, deps);
        reviewRoutes(signedIn, deps);
        planPaymentRoutes(signedIn, deps);
        dataRightsRoutes(signedIn, deps);
        familyRoutes(signedIn, deps);
      });

      await api.register(
        async (admin) => {
          requireAdmin(admin, deps);
          adminSubscriptionRoutes(admin, deps);
          adminQuizRoutes(admin, deps);
          adminLearnerRoutes(admin, deps);
          adminCredentialRoutes(admin, deps);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  // The credentials' public keys where JOSE verifiers look for them (decision 037).
  wellKnownCredentialRoutes(app, deps);

  const serveWeb = options.serveWeb ?? existsSync(path.join(WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (decision 017): sent when the browser accepts them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !serveWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ message: 'Not found' });
    }
    // History fallback: the SPA's router handles every other path, including its own 404 page.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });

  await deps.quizCache.start();
  await deps.accountCache.start();
  if (options.weeklyDigest) {
    const stopWeeklyDigest = startWeeklyDigest(deps, app.log);
    app.addHook('onClose', async () => stopWeeklyDigest());
  }
  app.addHook('onClose', async () => deps.quizCache.stop());
  app.addHook('onClose', async () => deps.accountCache.stop());
  app.addHook('onClose', async () => deps.backgroundWork.idle());
  app.addHook('onClose', async () => deps.mailer.close());
  return app;
}
