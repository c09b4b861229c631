import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@quizquest/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

type AuthDeps = Pick<AppDeps, 'db' | 'jwt' | 'accountCache'>;

export interface AuthUser {
  id: string;
  role: 'learner' | 'admin';
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

async function tokenOwner(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      language: users.language,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/**
 * The user behind the request's token: its signature and expiry, then the user's row (role, and
 * the token version a password reset or account deletion changes), read from the account cache,
 * which every write to the row empties in every instance (decision 018).
 */
export async function resolveUser(deps: AuthDeps, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await deps.jwt.verify(token);
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  const user = await deps.accountCache.get(claims.sub, 'user', () => tokenOwner(deps.db, claims.sub));
  if (!user || user.tokenVersion !== claims.tv) return null;
  return { id: user.id, role: user.role, email: user.email, language: user.language };
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
