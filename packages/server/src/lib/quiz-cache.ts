import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/index.ts';
import { changeListener } from './change-listener.ts';
import { Lru } from './lru.ts';

/**
 * Quiz content in memory (docs/decisions/016-performance.md). A quiz's title, questions and grades
 * change only when an admin edits or deletes it or the content pack updates it; every such write
 * sends NOTIFY on this channel in its transaction, so every instance on the database drops its copy
 * when the write commits. The writing instance also drops its copy at once (`invalidate`), before
 * it answers the admin.
 */
export const QUIZ_CHANGED_CHANNEL = 'qq_quiz_changed';

/** Tells every instance that this quiz changed (delivered when the surrounding transaction commits). */
export async function notifyQuizChanged(db: DbOrTx, quizId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${QUIZ_CHANGED_CHANNEL}, ${quizId})`);
}

/** Entries kept per kind; the least recently used goes first. Bounds memory whatever the catalogue size. */
export const QUIZ_CACHE_LIMITS = { quizzes: 2_000, lists: 500 } as const;

export interface QuizCache {
  /** One live quiz's content (null: none), loaded on a miss. Never holds a learner's own data. */
  quiz: <T>(quizId: string, load: () => Promise<T | null>) => Promise<T | null>;
  /** A value derived from many quizzes (a catalogue list, a count), dropped on any quiz change. */
  list: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Drops this quiz (and every list), or everything; at once, in this instance. */
  invalidate: (quizId?: string) => void;
  /** Starts listening for other instances' changes. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  stats: () => { quizzes: number; lists: number; trusted: boolean };
}

export function createQuizCache(
  database: Pick<Database, 'listen'>,
  /** Called on every invalidation, local or notified: state derived from quizzes elsewhere goes too. */
  options: { onInvalidate?: () => void } = {},
): QuizCache {
  const quizzes = new Lru<{ value: unknown }>(QUIZ_CACHE_LIMITS.quizzes);
  const lists = new Lru<{ value: unknown }>(QUIZ_CACHE_LIMITS.lists);
  /** Bumped by every invalidation: a load that started before one must not store what it read. */
  let epoch = 0;
  const invalidate = (quizId?: string) => {
    epoch += 1;
    options.onInvalidate?.();
    lists.clear();
    if (quizId) quizzes.delete(quizId);
    else quizzes.clear();
  };

  const listener = changeListener(database, QUIZ_CHANGED_CHANNEL, {
    onMessage: (quizId) => invalidate(quizId || undefined),
    dropAll: () => invalidate(),
  });

  async function cached<T>(
    store: Lru<{ value: unknown }>,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const hit = listener.trusted() ? store.get(key) : undefined;
    if (hit) return hit.value as T;
    const started = epoch;
    const value = await load();
    // Unknown ids are not remembered: anyone can ask for one, and they would push real quizzes out.
    if (listener.trusted() && epoch === started && keep(value)) store.set(key, { value });
    return value;
  }

  return {
    quiz: (quizId, load) => cached(quizzes, quizId, load, (value) => value !== null),
    list: (key, load) => cached(lists, key, load),
    invalidate,
    start: listener.start,
    stop: listener.stop,
    stats: () => ({ quizzes: quizzes.size, lists: lists.size, trusted: listener.trusted() }),
  };
}
