import { describe, expect, it } from 'vitest';
import type { CertificationProgress } from '@quizquest/shared';
import { levelCard } from './level-card.ts';

function progress(overrides: Partial<CertificationProgress>): CertificationProgress {
  return {
    currentLevel: 1,
    levelName: 'Level 1',
    certificationsCompletedInLevel: 0,
    totalRequired: 10,
    certifications: [],
    nextQuiz: { _id: 'q1', subLevel: 'L1-C1', title: 'Alphabet Adventurer' },
    allowedLevel: 1,
    completedQuizzes: 0,
    completedLevels: [],
    ...overrides,
  };
}

const earned = (level: number, ...subLevels: number[]) =>
  subLevels.map((n) => ({
    certId: `L${level}-C${n}`,
    level,
    completed: true,
    earnedAt: '2026-03-01T00:00:00Z',
  }));

describe('levelCard', () => {
  it.each([
    {
      name: 'free plan: locked, nothing to start',
      input: progress({ allowedLevel: 0 }),
      expected: {
        level: 1,
        locked: true,
        complete: false,
        celebrate: false,
        percent: 0,
        active: [],
        completed: 0,
      },
    },
    {
      name: 'open level: the next quiz is the one active tile',
      input: progress({
        certificationsCompletedInLevel: 2,
        certifications: earned(1, 1, 2),
        nextQuiz: { _id: 'q3', subLevel: 'L1-C3', title: 'Color Explorer' },
      }),
      expected: {
        level: 1,
        locked: false,
        complete: false,
        celebrate: false,
        percent: 20,
        active: ['L1-C3'],
        completed: 2,
      },
    },
    {
      name: 'open level without a published next quiz: nothing to start',
      input: progress({ certificationsCompletedInLevel: 1, certifications: earned(1, 1), nextQuiz: null }),
      expected: {
        level: 1,
        locked: false,
        complete: false,
        celebrate: false,
        percent: 10,
        active: [],
        completed: 1,
      },
    },
    {
      name: 'a record not completed does not count as a completed tile',
      input: progress({ certifications: [{ ...earned(1, 1)[0]!, completed: false }] }),
      expected: {
        level: 1,
        locked: false,
        complete: false,
        celebrate: false,
        percent: 0,
        active: ['L1-C1'],
        completed: 0,
      },
    },
    {
      name: "the plan's last level done: shown complete, the next level offered as an upgrade",
      input: progress({
        currentLevel: 4,
        levelName: 'Level 4',
        allowedLevel: 3,
        nextQuiz: { _id: 'q', subLevel: 'L4-C1', title: 'x' },
        completedLevels: [1, 2, 3],
      }),
      expected: {
        level: 3,
        locked: false,
        complete: true,
        celebrate: true,
        percent: 100,
        active: [],
        completed: 10,
      },
    },
    {
      name: 'plan ended after two levels: the next level is locked, not a finished one',
      input: progress({ currentLevel: 3, levelName: 'Level 3', allowedLevel: 0, completedLevels: [1, 2] }),
      expected: {
        level: 3,
        locked: true,
        complete: false,
        celebrate: false,
        percent: 0,
        active: [],
        completed: 0,
      },
    },
    {
      name: 'every level done',
      input: progress({
        currentLevel: 10,
        levelName: 'Level 10',
        allowedLevel: 10,
        certificationsCompletedInLevel: 10,
        certifications: earned(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        nextQuiz: null,
        completedLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      }),
      expected: {
        level: 10,
        locked: false,
        complete: true,
        celebrate: true,
        percent: 100,
        active: [],
        completed: 10,
      },
    },
  ])('$name', ({ input, expected }) => {
    const card = levelCard(input);
    expect({
      level: card.level,
      locked: card.locked,
      complete: card.complete,
      celebrate: card.celebrate,
      percent: card.percent,
      active: card.tiles.filter((tile) => tile.state === 'active').map((tile) => tile.id),
      completed: card.tiles.filter((tile) => tile.state === 'completed').length,
    }).toEqual(expected);
    expect(card.tiles).toHaveLength(10);
    expect(card.tiles.every((tile) => tile.id.startsWith(`L${expected.level}-C`))).toBe(true);
  });

  it('gives the active tile its quiz and no other tile one', () => {
    const card = levelCard(progress({ nextQuiz: { _id: 'quiz-7', subLevel: 'L1-C1', title: 'x' } }));
    expect(card.tiles.map((tile) => tile.quizId)).toEqual(['quiz-7', ...Array<null>(9).fill(null)]);
  });
});
