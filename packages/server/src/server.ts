import { inspect } from 'node:util';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { ContentPackError, loadContentIfEmpty } from './features/content/loader.ts';
import { startMediaSweeper } from './features/media/sweeper.ts';
import { openDatabase, runMigrations, type Database } from './db/index.ts';
import { CredentialKeyError, loadCredentialKeys } from './lib/credential-keys.ts';
import { connectRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import {
  ensureDataDir,
  ensureDemoAdmin,
  explainStartupFailure,
  resolveJwtSecret,
  StartupError,
} from './startup.ts';

// V8 lets the old generation grow to up to 4× what survived the last full collection before it
// collects again. Under load, request objects that outlive a scavenge are promoted and pile up to
// that limit: on the benchmark's reads, 100 MB of garbage on a 40 MB live heap, all of it resident
// at the peak. Growing by 1.5× instead keeps the peak about 90 MB lower for about 1% more time in
// GC. V8 reads the factor at every collection, so setting it here takes effect; node refuses this
// flag in NODE_OPTIONS, and here it holds however the server is started.
v8.setFlagsFromString('--heap-growing-percent=50');
// The embedded database is PostgreSQL compiled to WebAssembly. V8 recompiles its hot functions
// with its optimising compiler in the background, by default several at once, each holding tens
// of MB while it compiles; one at a time keeps the first start's peak (initdb) about 35 MB lower
// and the compiled code is the same once warm (decision 039).
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');

async function main(): Promise<void> {
  const config = loadConfig();
  try {
    await start(config);
  } catch (error) {
    // A full or read-only disk, a busy port, an unreachable database: one clear sentence.
    throw explainStartupFailure(error, config) ?? error;
  }
}

async function start(config: Config): Promise<void> {
  ensureDataDir(config.dataDir, { embeddedDatabase: !config.databaseUrl });
  const jwtSecret = resolveJwtSecret(config);
  // The credentials' signing key (decision 037): configured, or generated under dataDir on first start.
  const credentialKeys = await loadCredentialKeys({
    dataDir: config.dataDir,
    signingKey: config.credentialSigningKey,
    retiredKeys: config.credentialRetiredKeys,
  });
  const database: Database = await openDatabase(config);
  // Filled once the app is built; the signal handlers exist earlier so start-up can be interrupted cleanly.
  const running: { app?: FastifyInstance } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    running.app?.log.info(`${signal} received: closing`);
    try {
      await running.app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await runMigrations(database);
  const demoAdmin = await ensureDemoAdmin(config, database);
  const content = await loadContentIfEmpty(database.db);

  let rateLimiter: RateLimiter | undefined;
  if (config.redisUrl) {
    rateLimiter = (await connectRedisRateLimiter(config.redisUrl)).rateLimiter;
  }

  const app = await buildApp({
    config,
    database,
    jwtSecret,
    credentialKeys,
    ...(rateLimiter ? { rateLimiter } : {}),
    rateLimitFactor: config.rateLimitFactor,
    weeklyDigest: true,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Never log query strings: e-mail links carry single-use tokens.
        req: (request) => ({
          method: request.method,
          url: request.url.split('?')[0],
          // The log keeps the address as it came, not the /64 the limits count.
          // eslint-disable-next-line no-restricted-properties
          remoteAddress: request.ip,
        }),
      },
    },
  });
  running.app = app;
  // Media nothing references any more are deleted (decision 022); stops as the app closes.
  const stopSweeper = startMediaSweeper(database.db, { now: () => new Date(), log: app.log });
  app.addHook('onClose', async () => stopSweeper());
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  QuizQuest is running on ${config.appUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(demoAdmin ? [`  Demo admin: ${demoAdmin.email} / ${demoAdmin.password}`] : []),
    ...(content ? [`  Content: loaded ${content.added + content.changed + content.kept} quizzes`] : []),
    config.smtpUrl
      ? '  Mail: SMTP (SMTP_URL)'
      : `  Mail: written to ${config.dataDir}/outbox (set SMTP_URL to send)`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof StartupError ||
    error instanceof DataDirLockedError ||
    error instanceof CredentialKeyError ||
    error instanceof ContentPackError
  ) {
    process.stderr.write(`\nQuizQuest cannot start: ${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nQuizQuest cannot start: ${error instanceof Error ? (error.stack ?? error.message) : inspect(error)}\n\n`,
    );
  }
  process.exit(1);
});
