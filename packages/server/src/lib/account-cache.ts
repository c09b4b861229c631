import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { changeListener } from './change-listener.ts';
import { Lru } from './lru.ts';

/**
 * Each user's account state in memory (docs/decisions/018-account-cache.md): the row behind a
 * token, the subscriptions, the certifications and the attempt counts. Every read of a signed-in
 * request needs some of it, and reading it per request cost more round trips than the route's own
 * work. Database triggers (migration 0004) NOTIFY this channel with '<table>:<user id>' when a write
 * to users, subscriptions, attempts, certifications or certificates commits, whoever the writer is,
 * so every instance drops that user's state; the writing instance also drops it itself right after
 * the commit (`invalidate`), so the user's next request never sees the old state.
 */
export const ACCOUNT_CHANGED_CHANNEL = 'qq_account_changed';

/** Users kept; the least recently seen goes first. */
export const ACCOUNT_CACHE_LIMIT = 10_000;
/** Values derived from everyone's attempts kept (admin list pages). */
export const ATTEMPT_DERIVED_LIMIT = 200;

export type AccountStateKind =
  | 'user'
  /** Cached under the account holder's id: the account's e-mail and token version (decision 035). */
  | 'account'
  | 'subscriptions'
  | 'certifications'
  | 'attempt-counts'
  /** Joined with each quiz's level and attempts allowed: dropped for everyone on any quiz change. */
  | 'attempted-quizzes'
  /** Streak and mastery (lib/learner-progress.ts): as of the local day it was read on. */
  | 'standing'
  /** The parent's report's counts of one window (features/reports): read at most a minute ago. */
  | 'report-window';

/** Another user's entry read by the same statement as the one asked for. */
export interface RelatedEntry {
  userId: string;
  kind: AccountStateKind;
  value: unknown;
}

export interface AccountCache {
  /**
   * One kind of a user's state, loaded on a miss; `null` and `undefined` are never remembered.
   * `related` names other entries the same load read (the account holder's row, joined to the
   * learner's): remembered with it, under the same check that no invalidation came in between.
   */
  get: <T>(
    userId: string,
    kind: AccountStateKind,
    load: () => Promise<T>,
    related?: (value: T) => RelatedEntry[],
  ) => Promise<T>;
  /**
   * The same kind of state of several users, the ones not remembered (or not `fresh`) loaded
   * together by one `load`, which answers by user id; remembered under the same check as `get`.
   */
  getMany: <T>(
    userIds: readonly string[],
    kind: AccountStateKind,
    load: (missing: string[]) => Promise<ReadonlyMap<string, T>>,
    fresh?: (value: T, userId: string) => boolean,
  ) => Promise<Map<string, T>>;
  /**
   * A value derived from everyone's attempts (the admin list's attempt totals): dropped on any
   * attempt change and with any user's state.
   */
  fromAllAttempts: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /**
   * Tells every instance that these users' attempts changed, after the write committed. Attempts
   * have no trigger (migration 0004): a notifying transaction holds PostgreSQL's single notify lock
   * while it commits, which would serialise every submission. Concurrent calls share one NOTIFY
   * statement; each resolves once the statement carrying its user has been sent.
   */
  publishAttempts: (userId: string) => Promise<void>;
  /** Drops this user's state, or everyone's; at once, in this instance. */
  invalidate: (userId?: string) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /**
   * Resolves once every notification committed before the call has reached this instance (a
   * marker sent through the same channel arrives after them). For writers outside any route, such
   * as tests that insert rows directly.
   */
  sync: () => Promise<void>;
  stats: () => { users: number; trusted: boolean };
}

const SYNC_PREFIX = 'sync:';

/** The user id in a notification payload ('<table>:<user id>'), or undefined for "everyone". */
export function changedUserId(payload: string): string | undefined {
  const id = payload.slice(payload.indexOf(':') + 1);
  return id === '' ? undefined : id;
}

export function createAccountCache(
  database: Pick<Database, 'listen' | 'db'> & Partial<Pick<Database, 'kind' | 'announce'>>,
): AccountCache {
  const users = new Lru<Map<AccountStateKind, unknown>>(ACCOUNT_CACHE_LIMIT);
  const derived = new Lru<{ value: unknown }>(ATTEMPT_DERIVED_LIMIT);
  /** Bumped by every invalidation: a load that started before one must not store what it read. */
  let epoch = 0;
  const syncs = new Map<string, () => void>();
  /** The users waiting for the next NOTIFY statement, and the promise of that statement. */
  let batch: { userIds: Set<string>; sent: Promise<void> } | null = null;
  /** The NOTIFY statement being sent: the next batch waits for it. */
  let sending: Promise<void> = Promise.resolve();

  const sendAttemptNotices = async (userIds: string[]) => {
    // The embedded database has one process (the data directory lock): every instance on it
    // hears this process's own delivery, with no statement on its one connection (decision 040).
    if (database.kind === 'pglite' && database.announce) {
      for (const id of userIds) database.announce(ACCOUNT_CHANGED_CHANNEL, `attempts:${id}`);
      return;
    }
    // One text parameter (user ids hold no comma): drizzle would spread an array into a row.
    await database.db.execute(
      sql`select pg_notify(${ACCOUNT_CHANGED_CHANNEL}, 'attempts:' || id) from unnest(string_to_array(${userIds.join(',')}, ',')) as id`,
    );
  };

  const invalidate = (userId?: string) => {
    epoch += 1;
    derived.clear();
    if (userId) users.delete(userId);
    else users.clear();
  };

  const listener = changeListener(database, ACCOUNT_CHANGED_CHANNEL, {
    onMessage: (payload) => {
      const synced = syncs.get(payload);
      if (synced) synced();
      else if (!payload.startsWith(SYNC_PREFIX)) invalidate(changedUserId(payload));
    },
    dropAll: () => invalidate(),
  });
  const trusted = listener.trusted;

  /** Keeps one kind of a user's state (the caller has checked the epoch and trust). */
  const remember = (userId: string, kind: AccountStateKind, value: unknown) => {
    const state = users.get(userId) ?? new Map<AccountStateKind, unknown>();
    state.set(kind, value);
    users.set(userId, state);
  };

  return {
    get: async <T>(
      userId: string,
      kind: AccountStateKind,
      load: () => Promise<T>,
      related?: (value: T) => RelatedEntry[],
    ): Promise<T> => {
      if (trusted()) {
        const state = users.get(userId);
        if (state?.has(kind)) return state.get(kind) as T;
      }
      const started = epoch;
      const value = await load();
      if (trusted() && epoch === started && value !== null && value !== undefined) {
        for (const entry of [{ userId, kind, value }, ...(related?.(value) ?? [])]) {
          if (entry.value === null || entry.value === undefined) continue;
          remember(entry.userId, entry.kind, entry.value);
        }
      }
      return value;
    },
    getMany: async <T>(
      userIds: readonly string[],
      kind: AccountStateKind,
      load: (missing: string[]) => Promise<ReadonlyMap<string, T>>,
      fresh: (value: T, userId: string) => boolean = () => true,
    ): Promise<Map<string, T>> => {
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const userId of userIds) {
        const state = trusted() ? users.get(userId) : undefined;
        if (state?.has(kind) && fresh(state.get(kind) as T, userId)) found.set(userId, state.get(kind) as T);
        else missing.push(userId);
      }
      if (missing.length === 0) return found;
      const started = epoch;
      const loaded = await load(missing);
      const keep = trusted() && epoch === started;
      for (const userId of missing) {
        const value = loaded.get(userId);
        if (value === null || value === undefined) continue;
        found.set(userId, value);
        if (keep) remember(userId, kind, value);
      }
      return found;
    },
    fromAllAttempts: async <T>(key: string, load: () => Promise<T>): Promise<T> => {
      const hit = trusted() ? derived.get(key) : undefined;
      if (hit) return hit.value as T;
      const started = epoch;
      const value = await load();
      if (trusted() && epoch === started) derived.set(key, { value });
      return value;
    },
    publishAttempts: (userId) => {
      if (batch) {
        batch.userIds.add(userId);
        return batch.sent;
      }
      const userIds = new Set([userId]);
      const sent = sending.then(async () => {
        batch = null; // later calls start the next batch, sent after this one
        await sendAttemptNotices([...userIds]);
      });
      batch = { userIds, sent };
      sending = sent.catch(() => {});
      return sent;
    },
    invalidate,
    start: listener.start,
    stop: listener.stop,
    sync: async () => {
      if (!trusted()) return; // nothing is served from memory meanwhile
      const marker = `${SYNC_PREFIX}${randomBytes(8).toString('hex')}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        syncs.set(marker, resolve);
        // A lost connection stops trusting the cache (onStatus) and would never deliver the marker.
        timer = setTimeout(resolve, 5_000);
      });
      try {
        await database.db.execute(sql`select pg_notify(${ACCOUNT_CHANGED_CHANNEL}, ${marker})`);
        await arrived;
      } finally {
        clearTimeout(timer);
        syncs.delete(marker);
      }
    },
    stats: () => ({ users: users.size, trusted: trusted() }),
  };
}
