import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@quizquest/shared';
import type { Db, Tx } from '../db/index.ts';
import { idempotentRequests } from '../db/schema.ts';
import { HttpError } from './http-error.ts';

/*
 * Idempotent submissions (decision 036). A submission sent with an `Idempotency-Key` header is
 * judged once per learner and key: the first successful answer is stored in the submission's own
 * transaction, after the learner's row lock it takes anyway, so a retried copy (any instance, any
 * time within IDEMPOTENCY_TTL_MS) and a concurrent one (it waits for that lock) read it and get
 * the same status and body, storing nothing more. A refused request (an HttpError, a rollback)
 * stores nothing, so its retry is judged again. Without the header nothing here runs.
 */

/** How long a stored answer is kept: the sweeper deletes older ones. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows deleted per sweep at most (the rest wait for the next one). */
const EXPIRY_BATCH = 5_000;

/** A request that carries a key: who asked what, reduced to a digest. */
export interface IdempotentRequest {
  key: string;
  /** METHOD and route as registered, e.g. `POST /api/review/submit`. */
  route: string;
  /** sha-256 (hex) of the method, route, parameters and canonical body. */
  hash: string;
  /** The status a successful answer has on this route. */
  status: number;
}

/** JSON with every object's keys sorted, so equal values give equal text whatever their order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's key and digest, or null when it carries no key (the route's headers schema has
 * already refused a malformed one). The body is the one the route's schema parsed, so fields the
 * schema drops do not make a request "another".
 */
export function idempotentRequest(request: FastifyRequest, successStatus: number): IdempotentRequest | null {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string') return null;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const hash = createHash('sha256')
    .update(canonicalJson([request.method, route, request.params ?? {}, request.body ?? null]))
    .digest('hex');
  return { key, route, hash, status: successStatus };
}

/** A stored answer, replayed as it was given. */
export interface StoredAnswer<T> {
  status: number;
  body: T;
}

/**
 * Under the learner's row lock: the answer stored for this key, or null when there is none (judge
 * the request). The key stored for another request (another route, parameters or body) is a 422.
 */
export async function storedAnswer<T>(
  tx: Tx,
  userId: string,
  request: IdempotentRequest,
): Promise<StoredAnswer<T> | null> {
  const [row] = await tx
    .select({
      requestHash: idempotentRequests.requestHash,
      status: idempotentRequests.status,
      response: idempotentRequests.response,
    })
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, request.key)));
  if (!row) return null;
  if (row.requestHash !== request.hash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return { status: row.status, body: row.response as T };
}

/**
 * Stores the successful answer in the same transaction as what it reports (the attempt, the
 * review's answers): both commit, or neither. Called under the learner's row lock after
 * storedAnswer found none, so no other copy can have stored one meanwhile.
 */
export async function storeAnswer(
  tx: Tx,
  userId: string,
  request: IdempotentRequest,
  body: unknown,
  now: Date,
): Promise<void> {
  await tx.insert(idempotentRequests).values({
    userId,
    key: request.key,
    route: request.route,
    requestHash: request.hash,
    status: request.status,
    response: body,
    createdAt: now,
  });
}

/** Deletes stored answers older than IDEMPOTENCY_TTL_MS (a batch); returns how many went. */
export async function expireIdempotentRequests(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const expired = db
    .select({ userId: idempotentRequests.userId, key: idempotentRequests.key })
    .from(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, cutoff))
    .limit(EXPIRY_BATCH);
  const deleted = await db
    .delete(idempotentRequests)
    .where(sql`(${idempotentRequests.userId}, ${idempotentRequests.key}) in (${expired})`)
    .returning({ key: idempotentRequests.key });
  return deleted.length;
}
