import { describe, expect, it } from 'vitest';
import { masteryLevel, type RecentAnswer } from './mastery.ts';

/** 'R' right, 'W' wrong, 'r' right in a review, 'w' wrong in a review; newest first. */
const answers = (pattern: string): RecentAnswer[] =>
  [...pattern].map((c) => ({ correct: c === 'R' || c === 'r', review: c === 'r' || c === 'w' }));

describe('masteryLevel', () => {
  it.each([
    ['no answers', '', null],
    ['one right answer', 'R', 'attempted'],
    ['nine right answers', 'RRRRRRRRR', 'attempted'],
    ['ten answers, 6 right', 'RRRRRRWWWW', 'attempted'],
    ['ten answers, 7 right', 'RRRRRRRWWW', 'familiar'],
    ['ten answers, 9 right', 'RRRRRRRRRW', 'proficient'],
    ['ten right, none in a review', 'RRRRRRRRRR', 'proficient'],
    ['ten right, one in a review', 'RRRRrRRRRR', 'mastered'],
    ['the last ten right with a review, older mistakes', 'rRRRRRRRRRWWWWWWWWWW', 'mastered'],
    ['a mistake among the last ten', 'rRRRRRRRRWRRRRRRRRRR', 'proficient'],
    ['twenty answers, 14 right', 'RRRRRRRRRRRRRRWWWWWW', 'familiar'],
    ['answers older than twenty do not count', 'RRRRRRRRRRRRRRRRRRRW' + 'WWWWWWWWWW', 'proficient'],
    ['wrong in a review', 'wRRRRRRRRR', 'proficient'],
  ] as const)('%s', (_name, pattern, level) => {
    expect(masteryLevel(answers(pattern))).toBe(level);
  });
});
