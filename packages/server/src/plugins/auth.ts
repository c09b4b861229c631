import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@quizquest/shared';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../deps.ts';
import { POSTGRES_POOL_SIZE, type Database, type Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { batcherPerDatabase, createReadBatcher } from '../lib/read-batcher.ts';

type AuthDeps = Pick<AppDeps, 'db' | 'database' | 'jwt' | 'accountCache'>;

export interface AuthUser {
  /** The active learner (decision 035): every learner-scoped route acts on this row. */
  id: string;
  /** The account the learner belongs to: the account holder's row (its own id for the holder). */
  accountId: string;
  role: 'learner' | 'admin';
  /** The account's e-mail. */
  email: string;
  /** The language the learner reads (decision 034): server messages and questions speak it. */
  language: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const holders = alias(users, 'holder');

/** Learners' rows and, in the same statement, their account holders' (see tokenAccount). */
async function tokenLearners(db: Db, learnerIds: string[]) {
  const rows = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      role: users.role,
      language: users.language,
      email: holders.email,
      tokenVersion: holders.tokenVersion,
    })
    .from(users)
    .innerJoin(holders, eq(holders.id, users.accountId))
    .where(inArray(users.id, learnerIds));
  return new Map(
    rows.map(({ email, tokenVersion, ...learner }) => [
      learner.id,
      { learner, account: email ? { email, tokenVersion } : null },
    ]),
  );
}

/** Who asks, for requests that come together after a write emptied the cache (decision 040). */
const tokenLearner = batcherPerDatabase((database: Database) =>
  createReadBatcher((ids: string[]) => tokenLearners(database.db, ids), {
    concurrency: database.kind === 'pglite' ? 1 : POSTGRES_POOL_SIZE,
  }),
);

/** The account holder's row: the sign-in whose token version every learner's token carries. */
async function tokenAccount(db: Db, accountId: string) {
  const [account] = await db
    .select({ email: users.email, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, accountId))
    .limit(1);
  return account?.email ? { email: account.email, tokenVersion: account.tokenVersion } : null;
}

/**
 * The learner behind the request's token: its signature and expiry, then the learner's row (role,
 * account) and the account's (e-mail, and the token version a password reset or account deletion
 * changes), each read from the account cache,
 * which every write to the row empties in every instance (decision 018).
 */
export async function resolveUser(deps: AuthDeps, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await deps.jwt.verify(token);
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  // One statement on a miss (after any write to the account): the holder's row comes joined, and is
  // remembered under the holder's id only if no invalidation came in between.
  let holder: Awaited<ReturnType<typeof tokenAccount>> = null;
  const learner = await deps.accountCache.get(
    claims.sub,
    'user',
    async () => {
      const row = await tokenLearner(deps.database)(claims.sub);
      holder = row?.account ?? null;
      return row?.learner ?? null;
    },
    (loaded) => (loaded && holder ? [{ userId: loaded.accountId, kind: 'account', value: holder }] : []),
  );
  if (!learner) return null;
  // Cached under the holder's id: a password reset there drops it for every learner of the account.
  const account = await deps.accountCache.get(learner.accountId, 'account', () =>
    tokenAccount(deps.db, learner.accountId),
  );
  if (!account || account.tokenVersion !== claims.tv) return null;
  return {
    id: learner.id,
    accountId: learner.accountId,
    role: learner.role,
    email: account.email,
    language: learner.language,
  };
}

/**
 * Auth by prefix, not by memory: a scope registered with `requireUser` or `requireAdmin` guards
 * every route inside it, so a new route cannot forget it.
 */
export function requireUser(app: FastifyInstance, deps: AuthDeps): void {
  app.addHook('onRequest', async (request) => {
    request.authUser = await resolveUser(deps, request);
    if (!request.authUser) throw unauthorized();
  });
}

export function requireAdmin(app: FastifyInstance, deps: AuthDeps): void {
  requireUser(app, deps);
  app.addHook('onRequest', async (request) => {
    if (request.authUser?.role !== 'admin') throw forbidden('Only admins can do this');
  });
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
