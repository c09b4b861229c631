import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import { createWorkQueue, SERVER_BUSY_MESSAGE } from './work-queue.ts';

/** A job that finishes when told to. */
function gated() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

describe('createWorkQueue', () => {
  it('runs at most `concurrency` at once, the rest in order, and refuses beyond `maxQueued` with 503', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxQueued: 2 });
    const jobs = Array.from({ length: 5 }, () => gated());
    const order: number[] = [];
    const runs = jobs.map((job, index) =>
      queue.run(async () => {
        order.push(index);
        await job.work();
        return index;
      }),
    );
    await Promise.resolve();
    expect(queue.stats()).toMatchObject({ running: 2, queued: 2, refused: 1 });
    await expect(runs[4]).rejects.toEqual(new HttpError(503, SERVER_BUSY_MESSAGE));
    jobs[1]?.finish();
    await runs[1];
    jobs[0]?.finish();
    jobs[2]?.finish();
    jobs[3]?.finish();
    expect(await Promise.all(runs.slice(0, 4))).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0, maxRunning: 2, completed: 4 });
  });

  it('frees the slot when a job fails, and a newcomer cannot overtake a waiting job', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 5 });
    const first = queue.run(async () => {
      throw new Error('boom');
    });
    const order: string[] = [];
    const waiting = queue.run(async () => {
      order.push('waiting');
    });
    await expect(first).rejects.toThrow('boom');
    const newcomer = queue.run(async () => {
      order.push('newcomer');
    });
    await Promise.all([waiting, newcomer]);
    expect(order).toEqual(['waiting', 'newcomer']);
    expect(queue.stats().maxRunning).toBe(1);
  });
});
