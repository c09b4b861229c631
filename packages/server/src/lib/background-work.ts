import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundWork {
  /** Runs work after the caller returns (off the response path); a failure is logged. */
  run: (name: string, work: () => Promise<void>) => void;
  /** Resolves when nothing started by run is still going (tests; the app's close). */
  idle: () => Promise<void>;
  pending: () => number;
}

/**
 * Work a response must not wait for, because its duration would tell something: sign-up and
 * forgot-password answer the same whether or not the e-mail has an account, then look it up,
 * write and mail here (decision 021).
 */
export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run: (name, work) => {
      const job: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => {
          log.error({ err: error }, `Background work failed: ${name}`);
        })
        .finally(() => {
          running.delete(job);
        });
      running.add(job);
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    pending: () => running.size,
  };
}
