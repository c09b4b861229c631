import { HttpError } from './http-error.ts';

export const SERVER_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export interface WorkQueue {
  /** Runs work when a slot is free; 503 with a message at once when `maxQueued` jobs already wait. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
  stats: () => { running: number; queued: number; maxRunning: number; completed: number; refused: number };
}

/**
 * At most `concurrency` jobs at a time, up to `maxQueued` more waiting in order, the rest refused.
 * Bounds the memory and CPU of expensive work (argon2: 19 MiB and ~20 ms of a core each) however
 * many requests arrive at once.
 */
export function createWorkQueue(options: { concurrency: number; maxQueued: number }): WorkQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const waiting: Array<() => void> = [];
  let running = 0;
  let maxRunning = 0;
  let completed = 0;
  let refused = 0;

  // A finished job hands its slot straight to the next waiting one, so no newcomer can slip in between.
  const release = () => {
    completed += 1;
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    run: async (work) => {
      if (running >= concurrency) {
        if (waiting.length >= options.maxQueued) {
          refused += 1;
          throw new HttpError(503, SERVER_BUSY_MESSAGE);
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      maxRunning = Math.max(maxRunning, running);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: waiting.length, maxRunning, completed, refused }),
  };
}
