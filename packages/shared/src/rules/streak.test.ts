import { describe, expect, it } from 'vitest';
import { streakState } from './streak.ts';

describe('streakState', () => {
  it.each([
    ['nothing played', [], '2026-03-10', { current: 0, goalMetToday: false }],
    ['played today only', ['2026-03-10'], '2026-03-10', { current: 1, goalMetToday: true }],
    [
      'three days up to today',
      ['2026-03-08', '2026-03-09', '2026-03-10'],
      '2026-03-10',
      { current: 3, goalMetToday: true },
    ],
    [
      'up to yesterday, not yet today: still alive',
      ['2026-03-08', '2026-03-09'],
      '2026-03-10',
      { current: 2, goalMetToday: false },
    ],
    [
      'last played two days ago: a new start',
      ['2026-03-07', '2026-03-08'],
      '2026-03-10',
      { current: 0, goalMetToday: false },
    ],
    [
      'a gap inside: counts back to the gap',
      ['2026-03-05', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
      '2026-03-10',
      { current: 4, goalMetToday: true },
    ],
    [
      'duplicates and any order',
      ['2026-03-10', '2026-03-09', '2026-03-10', '2026-03-09'],
      '2026-03-10',
      { current: 2, goalMetToday: true },
    ],
    [
      'across a month end',
      ['2026-02-27', '2026-02-28', '2026-03-01'],
      '2026-03-01',
      { current: 3, goalMetToday: true },
    ],
    [
      'across a leap day',
      ['2028-02-28', '2028-02-29', '2028-03-01'],
      '2028-03-01',
      { current: 3, goalMetToday: true },
    ],
  ])('%s', (_name, days, today, state) => {
    expect(streakState(days, today)).toEqual(state);
  });
});
