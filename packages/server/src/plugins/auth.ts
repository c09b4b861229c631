import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { JwtService } from '../features/auth/jwt.ts';

export interface AuthUser {
  id: string;
  role: 'learner' | 'admin';
  email: string;
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

export async function resolveUser(
  db: Db,
  jwt: JwtService,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await jwt.verify(token);
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  const [user] = await db
    .select({ id: users.id, role: users.role, email: users.email, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!user || user.tokenVersion !== claims.tv) return null;
  return { id: user.id, role: user.role, email: user.email };
}

/**
 * Auth by prefix, not by memory: a scope registered with `requireUser` or `requireAdmin` guards
 * every route inside it, so a new route cannot forget it.
 */
export function requireUser(app: FastifyInstance, db: Db, jwt: JwtService): void {
  app.addHook('onRequest', async (request) => {
    request.authUser = await resolveUser(db, jwt, request);
    if (!request.authUser) throw unauthorized();
  });
}

export function requireAdmin(app: FastifyInstance, db: Db, jwt: JwtService): void {
  requireUser(app, db, jwt);
  app.addHook('onRequest', async (request) => {
    if (request.authUser?.role !== 'admin') throw forbidden('Only admins can do this');
  });
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
