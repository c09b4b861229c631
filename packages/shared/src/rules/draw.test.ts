import { describe, expect, it } from 'vitest';
import {
  arrangeOptions,
  drawPriority,
  drawQuestions,
  optionOrder,
  poolHistory,
  shuffledIndexes,
} from './draw.ts';

/** A small seeded generator (mulberry32): the same seed gives the same draw. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pool = (n: number) => Array.from({ length: n }, (_, index) => ({ id: `q${index + 1}` }));
const ids = (questions: Array<{ id: string }>) => questions.map((question) => question.id);

describe('drawPriority', () => {
  it.each([
    ['unseen', undefined, 0],
    ['last answered wrong', false, 1],
    ['last answered right', true, 2],
  ] as const)('%s → %i', (_, lastCorrect, priority) => {
    const history = new Map(lastCorrect === undefined ? [] : [['q1', lastCorrect]]);
    expect(drawPriority('q1', history)).toBe(priority);
  });
});

describe('drawQuestions', () => {
  it.each([
    { poolSize: 30, count: 10, shown: 10 },
    { poolSize: 3, count: null, shown: 3 },
    { poolSize: 3, count: 10, shown: 3 },
    { poolSize: 0, count: 10, shown: 0 },
    { poolSize: 12, count: 12, shown: 12 },
  ])('shows $shown of a pool of $poolSize asking $count, each once', ({ poolSize, count, shown }) => {
    const drawn = drawQuestions(pool(poolSize), new Map(), count, seeded(poolSize));
    expect(drawn).toHaveLength(shown);
    expect(new Set(ids(drawn)).size).toBe(shown);
  });

  it('takes every unseen question before any seen one', () => {
    const history = new Map(ids(pool(25)).map((id) => [id, false] as const));
    for (let seed = 1; seed <= 50; seed += 1) {
      const drawn = drawQuestions(pool(30), history, 10, seeded(seed));
      expect(
        ids(drawn)
          .filter((id) => Number(id.slice(1)) > 25)
          .sort(),
      ).toEqual(['q26', 'q27', 'q28', 'q29', 'q30']);
    }
  });

  it('then the questions last answered wrong, before those answered right', () => {
    // q1-q10 right, q11-q14 wrong, q15-q20 unseen: 6 unseen + 4 wrong fill the ten.
    const history = new Map<string, boolean>([
      ...ids(pool(10)).map((id) => [id, true] as const),
      ...['q11', 'q12', 'q13', 'q14'].map((id) => [id, false] as const),
    ]);
    for (let seed = 1; seed <= 50; seed += 1) {
      const drawn = ids(drawQuestions(pool(20), history, 10, seeded(seed))).sort();
      expect(drawn).toEqual(['q11', 'q12', 'q13', 'q14', 'q15', 'q16', 'q17', 'q18', 'q19', 'q20'].sort());
    }
  });

  it('varies the choice within a group and the order shown', () => {
    const draws = new Set<string>();
    const firsts = new Set<string>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const drawn = ids(drawQuestions(pool(30), new Map(), 10, seeded(seed)));
      draws.add([...drawn].sort().join());
      firsts.add(drawn[0] ?? '');
    }
    expect(draws.size).toBeGreaterThan(30);
    expect(firsts.size).toBeGreaterThan(10);
  });

  it('is reproducible from its random source', () => {
    expect(drawQuestions(pool(30), new Map(), 10, seeded(7))).toEqual(
      drawQuestions(pool(30), new Map(), 10, seeded(7)),
    );
  });
});

describe('optionOrder and arrangeOptions', () => {
  it('keeps the written order when asked to', () => {
    expect(optionOrder(4, true, seeded(3))).toEqual([0, 1, 2, 3]);
  });

  it('shuffles into every order over many draws, each a permutation', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 400; seed += 1) {
      const order = optionOrder(4, false, seeded(seed));
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      seen.add(order.join());
    }
    expect(seen.size).toBe(24);
  });

  it.each([
    { order: [0, 1, 2, 3], correct: 2, shown: ['a', 'b', 'c', 'd'], shownCorrect: 2 },
    { order: [3, 2, 1, 0], correct: 2, shown: ['d', 'c', 'b', 'a'], shownCorrect: 1 },
    { order: [2, 0, 3, 1], correct: 0, shown: ['c', 'a', 'd', 'b'], shownCorrect: 1 },
  ])('moves the correct answer with its option: $order', ({ order, correct, shown, shownCorrect }) => {
    expect(arrangeOptions(['a', 'b', 'c', 'd'], correct, order)).toEqual({
      options: shown,
      correctIndex: shownCorrect,
    });
  });

  it('a shuffle of n items is a permutation for every length', () => {
    for (let length = 0; length <= 12; length += 1) {
      expect([...shuffledIndexes(length, seeded(length))].sort((a, b) => a - b)).toEqual(
        Array.from({ length }, (_, index) => index),
      );
    }
  });
});

describe('poolHistory', () => {
  it("keeps each question's last answer and skips questions from before draws", () => {
    const history = poolHistory([
      {
        answers: [1, 2, 0],
        shown: [
          ['a', 1],
          ['b', 0],
          [null, 0],
        ],
      },
      {
        answers: [0, 3],
        shown: [
          ['b', 0],
          ['c', 1],
        ],
      },
    ]);
    expect([...history.entries()].sort()).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
  });

  it('counts an unanswered position as wrong', () => {
    expect(poolHistory([{ answers: [], shown: [['a', 0]] }]).get('a')).toBe(false);
  });
});
