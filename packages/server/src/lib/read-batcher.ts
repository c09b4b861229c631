/**
 * Reads of one kind by key, sent together when they arrive while others are under way (decision
 * 040): the embedded database serves one connection, so a class of 40 reading their results at
 * once queues 40 statements behind each other; batched, the first read goes alone at once and the
 * 39 that came meanwhile go in the next statement. A lone read starts at once (no timer, no added
 * wait). `concurrency` is how many statements may be under way: 1 for PGlite, the pool's size for
 * PostgreSQL (where reads run side by side and batching only happens when the pool is busy).
 */
export function createReadBatcher<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  options: { concurrency: number; maxBatch?: number },
): (key: K) => Promise<V | undefined> {
  const maxBatch = options.maxBatch ?? 100;
  type Entry = { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const waiting: Entry[] = [];
  let underWay = 0;

  const run = async (batch: Entry[]): Promise<void> => {
    underWay += 1;
    try {
      const found = await readMany([...new Set(batch.map((entry) => entry.key))]);
      for (const entry of batch) entry.resolve(found.get(entry.key));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      underWay -= 1;
      if (waiting.length > 0) void run(waiting.splice(0, maxBatch));
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const entry = { key, resolve, reject };
      if (underWay < options.concurrency) void run([entry]);
      else waiting.push(entry);
    });
}

/** One batcher per database (and kind of read), made on first use. */
export function batcherPerDatabase<D extends object, K, V>(
  make: (database: D) => (key: K) => Promise<V | undefined>,
): (database: D) => (key: K) => Promise<V | undefined> {
  const made = new WeakMap<D, (key: K) => Promise<V | undefined>>();
  return (database) => {
    let batcher = made.get(database);
    if (!batcher) {
      batcher = make(database);
      made.set(database, batcher);
    }
    return batcher;
  };
}
