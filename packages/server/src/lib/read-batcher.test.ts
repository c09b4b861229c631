import { describe, expect, it } from 'vitest';
import { createReadBatcher } from './read-batcher.ts';

/** A read whose statements finish only when the test says so, recording the keys of each. */
function controlledRead() {
  const statements: string[][] = [];
  const pending: Array<() => void> = [];
  const readMany = (keys: string[]) => {
    statements.push(keys);
    return new Promise<Map<string, string>>((resolve) => {
      pending.push(() =>
        resolve(new Map(keys.filter((key) => key !== 'missing').map((key) => [key, `row ${key}`]))),
      );
    });
  };
  const finishNext = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { statements, readMany, finishNext };
}

describe('reads asked together go together', () => {
  it('a lone read starts at once; those that come meanwhile go in one next statement', async () => {
    const { statements, readMany, finishNext } = controlledRead();
    const read = createReadBatcher(readMany, { concurrency: 1 });
    const first = read('a');
    expect(statements).toEqual([['a']]);
    const others = ['b', 'c', 'b', 'missing'].map((key) => read(key));
    expect(statements).toHaveLength(1);
    await finishNext();
    expect(await first).toBe('row a');
    expect(statements).toEqual([['a'], ['b', 'c', 'missing']]);
    await finishNext();
    expect(await Promise.all(others)).toEqual(['row b', 'row c', 'row b', undefined]);
  });

  it('with room for several statements, reads run side by side and only the overflow waits', async () => {
    const { statements, readMany, finishNext } = controlledRead();
    const read = createReadBatcher(readMany, { concurrency: 2, maxBatch: 2 });
    const reads = ['a', 'b', 'c', 'd', 'e'].map((key) => read(key));
    expect(statements).toEqual([['a'], ['b']]);
    await finishNext();
    expect(statements).toEqual([['a'], ['b'], ['c', 'd']]);
    await finishNext();
    await finishNext();
    await finishNext();
    expect(statements).toEqual([['a'], ['b'], ['c', 'd'], ['e']]);
    expect(await Promise.all(reads)).toEqual(['row a', 'row b', 'row c', 'row d', 'row e']);
  });

  it('a failed statement fails the reads it carried, and the next ones still run', async () => {
    let calls = 0;
    const read = createReadBatcher(
      async (keys: string[]) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return new Map(keys.map((key) => [key, key.toUpperCase()]));
      },
      { concurrency: 1 },
    );
    await expect(read('a')).rejects.toThrow('database gone');
    expect(await read('b')).toBe('B');
  });
});
