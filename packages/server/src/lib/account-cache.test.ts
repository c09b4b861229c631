import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db, NotificationHandlers } from '../db/index.ts';
import {
  ACCOUNT_CACHE_LIMIT,
  ACCOUNT_CHANGED_CHANNEL,
  changedUserId,
  createAccountCache,
} from './account-cache.ts';

const dialect = new PgDialect();

/**
 * A listen() whose notifications and connection losses the test sends by hand, and a db whose
 * execute() records the sync markers sent with pg_notify (the test decides when they arrive).
 */
function fakeDatabase() {
  let handlers: NotificationHandlers | null = null;
  const sent: string[] = [];
  const execute = vi.fn(async (query: SQL) => {
    const { params } = dialect.sqlToQuery(query);
    expect(params[0]).toBe(ACCOUNT_CHANGED_CHANNEL);
    sent.push(String(params[1]));
    return { rows: [] };
  });
  return {
    listen: async (channel: string, given: NotificationHandlers) => {
      expect(channel).toBe(ACCOUNT_CHANGED_CHANNEL);
      handlers = given;
      given.onStatus(true);
      return async () => {
        handlers = null;
      };
    },
    db: { execute } as unknown as Db,
    execute,
    /** The markers sync() sent, oldest first. */
    sent,
    notify: (payload: string) => handlers?.onMessage(payload),
    status: (listening: boolean) => handlers?.onStatus(listening),
  };
}

const loader = <T>(value: T) => vi.fn(async () => value);

/** Lets pending promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('changedUserId', () => {
  it.each([
    ['users:6f1c1e0e-0000-4000-8000-000000000001', '6f1c1e0e-0000-4000-8000-000000000001'],
    ['subscriptions:abc', 'abc'],
    ['users:', undefined],
    ['', undefined],
  ])('reads %j as %j', (payload, expected) => {
    expect(changedUserId(payload)).toBe(expected);
  });
});

describe('createAccountCache', () => {
  it('loads each kind of a user’s state once, then serves it from memory', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const user = loader({ role: 'learner', tokenVersion: 0 });
    const counts = loader(new Map([['q1', 2]]));
    expect(await cache.get('u1', 'user', user)).toEqual({ role: 'learner', tokenVersion: 0 });
    expect(await cache.get('u1', 'user', user)).toEqual({ role: 'learner', tokenVersion: 0 });
    expect((await cache.get('u1', 'attempt-counts', counts)).get('q1')).toBe(2);
    await cache.get('u1', 'attempt-counts', counts);
    expect([user.mock.calls.length, counts.mock.calls.length]).toEqual([1, 1]);
    expect(cache.stats()).toEqual({ users: 1, trusted: true });
  });

  it('drops only the user a "<table>:<id>" message names, and everyone on an empty one', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const first = loader(['first']);
    const second = loader(['second']);
    const read = async () => {
      await cache.get('u1', 'certifications', first);
      await cache.get('u2', 'certifications', second);
      return [first.mock.calls.length, second.mock.calls.length];
    };
    expect(await read()).toEqual([1, 1]);
    database.notify('certifications:u1');
    expect(await read()).toEqual([2, 1]);
    database.notify('attempts:u3');
    expect(await read()).toEqual([2, 1]);
    database.notify('subscriptions:u2');
    expect(await read()).toEqual([2, 2]);
    database.notify('');
    expect(await read()).toEqual([3, 3]);
    database.notify('users:');
    expect(await read()).toEqual([4, 4]);
  });

  it('drops every kind of the named user’s state, whichever table changed', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const user = loader({ tokenVersion: 0 });
    const terms = loader([]);
    await cache.get('u1', 'user', user);
    await cache.get('u1', 'subscriptions', terms);
    database.notify('certificates:u1');
    await cache.get('u1', 'user', user);
    await cache.get('u1', 'subscriptions', terms);
    expect([user.mock.calls.length, terms.mock.calls.length]).toEqual([2, 2]);
  });

  it('invalidate() drops one user, or everyone, at once', async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    const first = loader(1);
    const second = loader(2);
    await cache.get('u1', 'user', first);
    await cache.get('u2', 'user', second);
    cache.invalidate('u1');
    await cache.get('u1', 'user', first);
    await cache.get('u2', 'user', second);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([2, 1]);
    cache.invalidate();
    expect(cache.stats().users).toBe(0);
    await cache.get('u1', 'user', first);
    await cache.get('u2', 'user', second);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([3, 2]);
  });

  it.each([
    ['a message naming the user', (database: ReturnType<typeof fakeDatabase>) => database.notify('users:u1')],
    ['a message for everyone', (database: ReturnType<typeof fakeDatabase>) => database.notify('')],
  ])('does not keep what a load read before %s arrived while it ran', async (_name, change) => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    let release: (value: string) => void = () => {};
    const slow = cache.get('u1', 'user', () => new Promise<string>((resolve) => (release = resolve)));
    change(database);
    release('old');
    expect(await slow).toBe('old');
    const fresh = loader('new');
    expect(await cache.get('u1', 'user', fresh)).toBe('new');
    expect(await cache.get('u1', 'user', fresh)).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('does not keep what a load read before a local invalidate()', async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    let release: (value: string) => void = () => {};
    const slow = cache.get('u1', 'user', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('u1');
    release('old');
    await slow;
    const fresh = loader('new');
    expect(await cache.get('u1', 'user', fresh)).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('getMany loads only the users it does not hold, together, and keeps them', async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    const load = vi.fn(async (ids: string[]) => new Map(ids.map((id) => [id, `standing of ${id}`])));
    expect([...(await cache.getMany(['u1'], 'standing', load))]).toEqual([['u1', 'standing of u1']]);
    const both = await cache.getMany(['u1', 'u2'], 'standing', load);
    expect([...both].sort()).toEqual([
      ['u1', 'standing of u1'],
      ['u2', 'standing of u2'],
    ]);
    expect(load.mock.calls).toEqual([[['u1']], [['u2']]]);
    await cache.getMany(['u2', 'u1'], 'standing', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('getMany reloads what is not fresh, and leaves out users the load did not answer', async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    let day = 'monday';
    const load = vi.fn(
      async (ids: string[]) => new Map(ids.filter((id) => id !== 'gone').map((id) => [id, day])),
    );
    const fresh = (value: string) => value === day;
    expect([...(await cache.getMany(['u1', 'gone'], 'standing', load, fresh))]).toEqual([['u1', 'monday']]);
    await cache.getMany(['u1'], 'standing', load, fresh);
    expect(load).toHaveBeenCalledTimes(1);
    day = 'tuesday';
    expect((await cache.getMany(['u1'], 'standing', load, fresh)).get('u1')).toBe('tuesday');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('getMany does not keep what a load read across an invalidation, nor while untrusted', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    let release: (value: Map<string, string>) => void = () => {};
    const slow = cache.getMany(
      ['u1'],
      'standing',
      () => new Promise<Map<string, string>>((resolve) => (release = resolve)),
    );
    database.notify('attempts:u1');
    release(new Map([['u1', 'old']]));
    expect((await slow).get('u1')).toBe('old');
    const load = vi.fn(async (ids: string[]) => new Map(ids.map((id) => [id, 'new'])));
    expect((await cache.getMany(['u1'], 'standing', load)).get('u1')).toBe('new');
    await cache.getMany(['u1'], 'standing', load);
    expect(load).toHaveBeenCalledTimes(1);

    database.status(false);
    await cache.getMany(['u1'], 'standing', load);
    await cache.getMany(['u1'], 'standing', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('serves nothing from memory while the listening connection is lost', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const load = loader('v');
    await cache.get('u1', 'user', load);
    database.status(false);
    expect(cache.stats()).toEqual({ users: 0, trusted: false });
    await cache.get('u1', 'user', load);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.stats().users).toBe(0);
    database.status(true);
    await cache.get('u1', 'user', load);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a load that ran across a lost and regained connection', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    let release: (value: string) => void = () => {};
    const slow = cache.get('u1', 'user', () => new Promise<string>((resolve) => (release = resolve)));
    database.status(false);
    database.status(true);
    release('read while messages could be missed');
    await slow;
    const fresh = loader('new');
    expect(await cache.get('u1', 'user', fresh)).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('caches nothing when it cannot listen at all, and sync() then resolves without a query', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache({
      db: database.db,
      listen: async () => {
        throw new Error('connection refused');
      },
    });
    await cache.start();
    const load = loader('v');
    await cache.get('u1', 'user', load);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toEqual({ users: 0, trusted: false });
    await cache.sync();
    expect(database.execute).not.toHaveBeenCalled();
  });

  it('caches nothing before start() and after stop()', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    const load = loader('v');
    await cache.get('u1', 'user', load);
    await cache.start();
    await cache.get('u1', 'user', load);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.stop();
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.stats()).toEqual({ users: 0, trusted: false });
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
  ])('never remembers %s (an unknown or deleted user)', async (_name, value) => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    const missing = loader(value);
    expect(await cache.get('gone', 'user', missing)).toBe(value);
    expect(await cache.get('gone', 'user', missing)).toBe(value);
    expect(missing).toHaveBeenCalledTimes(2);
    expect(cache.stats().users).toBe(0);
  });

  it('remembers empty state (no plan, nothing earned): only null and undefined are misses', async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    const none = loader([]);
    const zero = loader(0);
    await cache.get('u1', 'subscriptions', none);
    await cache.get('u1', 'subscriptions', none);
    await cache.get('u1', 'attempt-counts', zero);
    await cache.get('u1', 'attempt-counts', zero);
    expect([none.mock.calls.length, zero.mock.calls.length]).toEqual([1, 1]);
  });

  it(`keeps at most ${ACCOUNT_CACHE_LIMIT} users, dropping the least recently seen`, async () => {
    const cache = createAccountCache(fakeDatabase());
    await cache.start();
    const first = loader('first');
    await cache.get('user-0', 'user', first);
    for (let index = 1; index < ACCOUNT_CACHE_LIMIT + 10; index += 1) {
      await cache.get(`user-${index}`, 'user', async () => index);
      // user-0 stays recently seen; user-1 … user-10 are the oldest when the limit is passed.
      if (index % 1000 === 0) await cache.get('user-0', 'user', first);
    }
    expect(cache.stats().users).toBe(ACCOUNT_CACHE_LIMIT);
    await cache.get('user-0', 'user', first);
    expect(first).toHaveBeenCalledTimes(1);
    const dropped = loader('reloaded');
    expect(await cache.get('user-1', 'user', dropped)).toBe('reloaded');
    expect(dropped).toHaveBeenCalledTimes(1);
    // Several kinds of one user count as one user.
    await cache.get('user-0', 'certifications', loader([]));
    expect(cache.stats().users).toBe(ACCOUNT_CACHE_LIMIT);
  });

  it('sync() resolves once its own marker arrives, and the marker drops nothing', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const load = loader('v');
    await cache.get('u1', 'user', load);
    let synced = false;
    const sync = cache.sync().then(() => {
      synced = true;
    });
    await settle();
    expect(database.sent).toHaveLength(1);
    const [marker] = database.sent;
    expect(marker).toMatch(/^sync:[0-9a-f]{16}$/);
    // Another instance's marker, and a change before ours: not ours, so still waiting.
    database.notify('sync:0123456789abcdef');
    database.notify('users:u2');
    await settle();
    expect(synced).toBe(false);
    database.notify(marker ?? '');
    await sync;
    expect(synced).toBe(true);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(1);
    // A marker arriving late (its sync already over) drops nothing either.
    database.notify(marker ?? '');
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('each sync() waits for its own marker', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const done: string[] = [];
    const first = cache.sync().then(() => done.push('first'));
    const second = cache.sync().then(() => done.push('second'));
    await settle();
    expect(database.sent).toHaveLength(2);
    expect(new Set(database.sent).size).toBe(2);
    database.notify(database.sent[1] ?? '');
    await second;
    expect(done).toEqual(['second']);
    database.notify(database.sent[0] ?? '');
    await first;
    expect(done).toEqual(['second', 'first']);
  });

  it('sync() resolves at once, without a query, while the connection is lost', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    database.status(false);
    await cache.sync();
    expect(database.execute).not.toHaveBeenCalled();
  });

  it('sync() does not hang when its marker never arrives (the connection dropped meanwhile)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const database = fakeDatabase();
      const cache = createAccountCache(database);
      await cache.start();
      let synced = false;
      const sync = cache.sync().then(() => {
        synced = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(database.sent).toHaveLength(1);
      database.status(false);
      expect(synced).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      await sync;
      expect(synced).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sync() rejects when the database cannot be reached, and leaves no marker waiting', async () => {
    const database = fakeDatabase();
    database.execute.mockRejectedValueOnce(new Error('connection refused'));
    const cache = createAccountCache(database);
    await cache.start();
    await expect(cache.sync()).rejects.toThrow('connection refused');
    // The cache still works after a failed sync.
    const load = loader('v');
    await cache.get('u1', 'user', load);
    await cache.get('u1', 'user', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('publishAttempts', () => {
  it('sends concurrent notices together, each call resolving once the statement carrying it was sent', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    const first = cache.publishAttempts('u1');
    const second = cache.publishAttempts('u2');
    const third = cache.publishAttempts('u3');
    await Promise.all([first, second, third]);
    // Asked in the same turn: one statement.
    expect(database.sent).toEqual(['u1,u2,u3']);
    // Asked while a statement is on its way: the next one, sent after it.
    let release = () => {};
    database.execute.mockImplementationOnce(async (query) => {
      await new Promise<void>((resolve) => (release = resolve));
      database.sent.push(String(dialect.sqlToQuery(query).params[1]));
      return { rows: [] };
    });
    const slow = cache.publishAttempts('u4');
    await settle();
    const queued = [cache.publishAttempts('u5'), cache.publishAttempts('u6')];
    await settle();
    expect(database.sent).toEqual(['u1,u2,u3']);
    release();
    await Promise.all([slow, ...queued]);
    expect(database.sent).toEqual(['u1,u2,u3', 'u4', 'u5,u6']);
  });

  it('rejects when its statement fails, and the next notice is still sent', async () => {
    const database = fakeDatabase();
    const cache = createAccountCache(database);
    await cache.start();
    database.execute.mockRejectedValueOnce(new Error('connection lost'));
    await expect(cache.publishAttempts('u1')).rejects.toThrow('connection lost');
    await cache.publishAttempts('u2');
    expect(database.sent).toEqual(['u2']);
  });
});
