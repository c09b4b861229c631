import { and, asc, eq, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { media } from '../../db/schema.ts';
import { expireIdempotentRequests } from '../../lib/idempotency.ts';
import { mediaIsReferenced } from '../../lib/media.ts';

/**
 * The media sweeper (decision 022): deletes media that nothing references any more, on any number
 * of instances at once.
 *
 * - One sweep at a time across instances: a transaction-scoped advisory lock; an instance that
 *   does not get it skips this round.
 * - A sweep first marks the unreferenced rows (unreferenced_since) and unmarks those used again.
 * - It then locks the rows it may delete (FOR UPDATE SKIP LOCKED: a row an upload or a quiz save
 *   holds is being used; the sweeper never waits for a row) and deletes them in a new statement,
 *   which rechecks every reference with a fresh snapshot. Every writer of a reference locks the media row first (storeImage, claim),
 *   so a reference is either committed before that recheck or waits and finds the row gone.
 * - An attempt's snapshot copies the URLs of its quiz's images without any lock. So an image that
 *   has ever been quiz content (in_quiz) is deleted only after it has been unreferenced for the
 *   grace period, far longer than any submission's transaction; any other (an avatar) at once.
 */

export const MEDIA_SWEEP_GRACE_MS = 60 * 60 * 1000;
export const MEDIA_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Rows deleted per sweep at most (the rest wait for the next one). */
export const MEDIA_SWEEP_BATCH = 500;
const SWEEP_LOCK_ID = 727_322;

export interface SweepResult {
  marked: number;
  deleted: number;
}

/** One sweep; null when another instance is sweeping right now. */
export async function sweepMedia(
  db: Db,
  options: { now: Date; graceMs?: number; batch?: number },
): Promise<SweepResult | null> {
  const cutoff = new Date(options.now.getTime() - (options.graceMs ?? MEDIA_SWEEP_GRACE_MS));
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_ID}) as locked`,
    )) as unknown as { rows: Array<{ locked: boolean }> } | Array<{ locked: boolean }>;
    const [lock] = Array.isArray(result) ? result : result.rows;
    if (!lock?.locked) return null;

    // The sweeper never waits for a row (SKIP LOCKED): a row a request holds is being used, and
    // the sweeper can never be part of a deadlock.
    const unlocked = (where: SQL) =>
      inArray(
        media.id,
        tx.select({ id: media.id }).from(media).where(where).for('update', { skipLocked: true }),
      );
    // Used again since the last sweep: a later loss of its last reference starts a new grace period.
    await tx
      .update(media)
      .set({ unreferencedSince: null })
      .where(unlocked(and(isNotNull(media.unreferencedSince), mediaIsReferenced(media.id)) as SQL));
    const marked = await tx
      .update(media)
      .set({ unreferencedSince: options.now })
      .where(unlocked(and(isNull(media.unreferencedSince), not(mediaIsReferenced(media.id))) as SQL))
      .returning({ id: media.id });

    const candidates = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          isNotNull(media.unreferencedSince),
          or(eq(media.inQuiz, false), lte(media.unreferencedSince, cutoff)),
        ),
      )
      .orderBy(asc(media.id))
      .limit(options.batch ?? MEDIA_SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { marked: marked.length, deleted: 0 };
    const deleted = await tx
      .delete(media)
      .where(
        and(
          inArray(
            media.id,
            candidates.map((row) => row.id),
          ),
          not(mediaIsReferenced(media.id)),
        ),
      )
      .returning({ id: media.id });
    return { marked: marked.length, deleted: deleted.length };
  });
}

/**
 * Sweeps 10 s after start and then every interval until stopped (each round also expires the
 * answers kept for Idempotency-Keys, decision 036); a failed sweep is logged and
 * retried next time. The function it returns stops the timers and waits for a sweep under way
 * (call it before the database closes).
 */
export function startMediaSweeper(
  db: Db,
  options: {
    now: () => Date;
    log: { info: (message: string) => void; error: (object: unknown, message: string) => void };
    intervalMs?: number;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    const now = options.now();
    running = Promise.all([
      sweepMedia(db, { now })
        .then((result) => {
          if (result?.deleted) options.log.info(`media sweep: ${result.deleted} unreferenced images deleted`);
        })
        .catch((error: unknown) => options.log.error({ err: error }, 'media sweep failed')),
      // The same round deletes the answers kept for Idempotency-Keys past their week (decision 036).
      expireIdempotentRequests(db, now)
        .then((deleted) => {
          if (deleted) options.log.info(`idempotency sweep: ${deleted} stored answers expired`);
        })
        .catch((error: unknown) => options.log.error({ err: error }, 'idempotency sweep failed')),
    ])
      .then(() => {})
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, options.intervalMs ?? MEDIA_SWEEP_INTERVAL_MS);
  timer.unref();
  const first = setTimeout(sweep, 10_000);
  first.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
