import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './rng.ts';

describe('createRng (mulberry32)', () => {
  it('gives the same numbers for the same seed on every machine', () => {
    const rng = createRng(1);
    // The reference mulberry32 sequence for seed 1.
    expect([rng.next(), rng.next(), rng.next()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
    const again = createRng(1);
    expect([again.next(), again.next(), again.next()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it('gives other numbers for another seed', () => {
    expect(createRng(2).next()).not.toBe(createRng(1).next());
  });

  it('int stays within both bounds and reaches each of them', () => {
    const rng = createRng(7);
    const seen = new Map<number, number>();
    for (let index = 0; index < 6000; index += 1) {
      const value = rng.int(-2, 3);
      seen.set(value, (seen.get(value) ?? 0) + 1);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    for (const count of seen.values()) expect(count).toBeGreaterThan(850);
  });

  it.each([
    [3, 2],
    [0.5, 2],
    [0, Number.NaN],
  ])('int(%s, %s) is refused', (min, max) => {
    expect(() => createRng(1).int(min, max)).toThrow(RangeError);
  });

  it('pick refuses an empty list; shuffle returns a permutation and leaves the input alone', () => {
    const rng = createRng(3);
    expect(() => rng.pick([])).toThrow(RangeError);
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('hashSeed', () => {
  it('is a stable 32-bit number for text and numbers', () => {
    expect(hashSeed('attempt-42')).toBe(hashSeed('attempt-42'));
    expect(hashSeed(42)).toBe(hashSeed('42'));
    for (const seed of ['', 'a', 'attempt-42', 0, 2 ** 32 - 1]) {
      const hash = hashSeed(seed);
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 32).toBe(true);
    }
  });

  it('spreads near seeds apart', () => {
    const hashes = new Set(Array.from({ length: 1000 }, (_, index) => hashSeed(`seed-${index}`)));
    expect(hashes.size).toBe(1000);
  });
});
