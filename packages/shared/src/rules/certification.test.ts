import { describe, expect, it } from 'vitest';
import { LEVELS } from '../catalogue/levels.ts';
import { FREE_PLAN, PAID_PLANS, type Plan } from '../catalogue/plans.ts';
import {
  certificationLevelProblem,
  subLevelOrderProblem,
  completedLevels,
  currentLevel,
  earnedSubLevels,
  firstUnearnedSubLevel,
  isLevelComplete,
  isLevelFullyEarned,
  isLevelLocked,
  levelProgress,
  planLevelsMessage,
  tileState,
  UPGRADE_TO_UNLOCK_MESSAGE,
} from './certification.ts';

/** Every sub-level id of the given levels. */
const allOf = (...levels: number[]) =>
  levels.flatMap((level) => Array.from({ length: 10 }, (_, index) => `L${level}-C${index + 1}`));
const earned = (...ids: string[]) => new Set(ids);

const plans: Plan[] = [FREE_PLAN, ...PAID_PLANS];
const [free, starter, growth, pro, ultimate] = plans as [Plan, Plan, Plan, Plan, Plan];

interface EarnedCase {
  name: string;
  earned: Set<string>;
  current: number;
  completed: number[];
  inCurrent: number;
  next: string | null;
}

const earnedCases: EarnedCase[] = [
  { name: 'nothing earned', earned: earned(), current: 1, completed: [], inCurrent: 0, next: 'L1-C1' },
  {
    name: 'three sub-levels of Level 1',
    earned: earned('L1-C1', 'L1-C2', 'L1-C3'),
    current: 1,
    completed: [],
    inCurrent: 3,
    next: 'L1-C4',
  },
  {
    name: 'Level 1 out of order, with a gap',
    earned: earned('L1-C1', 'L1-C3', 'L1-C10'),
    current: 1,
    completed: [],
    inCurrent: 3,
    next: 'L1-C2',
  },
  {
    name: 'nine of Level 1',
    earned: earned(...allOf(1).filter((id) => id !== 'L1-C7')),
    current: 1,
    completed: [],
    inCurrent: 9,
    next: 'L1-C7',
  },
  {
    name: 'all of Level 1',
    earned: earned(...allOf(1)),
    current: 2,
    completed: [1],
    inCurrent: 0,
    next: 'L2-C1',
  },
  {
    name: 'Levels 1 to 3 and two of Level 4',
    earned: earned(...allOf(1, 2, 3), 'L4-C1', 'L4-C2'),
    current: 4,
    completed: [1, 2, 3],
    inCurrent: 2,
    next: 'L4-C3',
  },
  {
    name: 'Level 2 complete but Level 1 not',
    earned: earned(...allOf(2), 'L1-C1'),
    current: 1,
    completed: [2],
    inCurrent: 1,
    next: 'L1-C2',
  },
  {
    name: 'unknown ids, which never count',
    earned: earned('L1-C11', 'L0-C1', 'X', 'l1-c1'),
    current: 1,
    completed: [],
    inCurrent: 0,
    next: 'L1-C1',
  },
  {
    name: 'all ten levels done',
    earned: earned(...allOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    current: 10,
    completed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    inCurrent: 10,
    next: null,
  },
];

describe('progress over earned sets', () => {
  it.each(earnedCases)('$name', (example) => {
    expect(currentLevel(example.earned)).toBe(example.current);
    expect(completedLevels(example.earned)).toEqual(example.completed);
    expect(levelProgress(example.current, example.earned)).toEqual({
      completed: example.inCurrent,
      required: 10,
    });
    expect(firstUnearnedSubLevel(example.current, example.earned)?.id ?? null).toBe(example.next);
    for (const level of LEVELS) {
      expect(isLevelFullyEarned(level.id, example.earned)).toBe(example.completed.includes(level.id));
    }
  });

  it('lists earned sub-levels in catalogue order with their names', () => {
    expect(earnedSubLevels(1, earned('L1-C3', 'L1-C1', 'L2-C1'))).toEqual([
      { id: 'L1-C1', name: 'Alphabet Adventurer', hindiName: 'अक्षर खोजी' },
      { id: 'L1-C3', name: 'Color Explorer', hindiName: 'रंग खोजी' },
    ]);
    expect(earnedSubLevels(11, earned('L11-C1'))).toEqual([]);
    expect(isLevelFullyEarned(11, earned())).toBe(false);
  });
});

/** The level card for every plan × earned set: locked, in progress, complete. */
const cardCases: Array<[string, Plan, Set<string>, { locked: boolean; complete: boolean }]> = [
  ['free, nothing earned', free, earned(), { locked: true, complete: false }],
  ['free, Level 1 done under an old plan', free, earned(...allOf(1)), { locked: true, complete: false }],
  ['Starter, nothing earned', starter, earned(), { locked: false, complete: false }],
  ['Starter, five of Level 1', starter, earned(...allOf(1).slice(0, 5)), { locked: false, complete: false }],
  [
    'Starter, Level 1 done: Level 2 is locked',
    starter,
    earned(...allOf(1)),
    { locked: true, complete: false },
  ],
  ['Growth, Levels 1 and 2 done', growth, earned(...allOf(1, 2)), { locked: false, complete: false }],
  ['Growth, Levels 1 to 3 done', growth, earned(...allOf(1, 2, 3)), { locked: true, complete: false }],
  ['Pro, Levels 1 to 6 done', pro, earned(...allOf(1, 2, 3, 4, 5, 6)), { locked: false, complete: false }],
  [
    'Ultimate, nine levels done',
    ultimate,
    earned(...allOf(1, 2, 3, 4, 5, 6, 7, 8, 9)),
    { locked: false, complete: false },
  ],
  [
    'Ultimate, all ten levels done',
    ultimate,
    earned(...allOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    { locked: false, complete: true },
  ],
  [
    'Pro, all ten levels done after a downgrade',
    pro,
    earned(...allOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    { locked: true, complete: false },
  ],
];

describe('the level card over plans × earned sets', () => {
  it.each(cardCases)('%s', (_name, plan, earnedSet, expected) => {
    const level = currentLevel(earnedSet);
    const locked = isLevelLocked(plan.certification, level);
    const { completed, required } = levelProgress(level, earnedSet);
    expect({ locked, complete: isLevelComplete({ completed, required, locked }) }).toEqual(expected);
  });

  it.each([
    [0, 1, true],
    [1, 1, false],
    [1, 2, true],
    [3, 3, false],
    [7, 4, false],
    [10, 10, false],
  ])('allowedLevel %i, level %i: locked %s', (allowed, level, locked) => {
    expect(isLevelLocked(allowed, level)).toBe(locked);
  });

  it.each([
    [10, 10, false, true],
    [10, 10, true, false],
    [9, 10, false, false],
    [0, 10, false, false],
  ])('%i of %i, locked %s: complete %s', (completed, required, locked, complete) => {
    expect(isLevelComplete({ completed, required, locked })).toBe(complete);
  });
});

describe('tileState', () => {
  const set = earned('L2-C1', 'L2-C2');
  it.each([
    ['an earned sub-level', 'L2-C1', 'L2-C3', 'completed'],
    ['the next quiz’s sub-level', 'L2-C3', 'L2-C3', 'active'],
    ['a later sub-level', 'L2-C4', 'L2-C3', 'locked'],
    ['any unearned sub-level when there is no next quiz', 'L2-C3', null, 'locked'],
    ['an earned sub-level that is also the next quiz’s', 'L2-C2', 'L2-C2', 'completed'],
  ] as const)('%s', (_name, subLevel, next, state) => {
    expect(tileState(subLevel, set, next)).toBe(state);
  });
});

describe('certificationLevelProblem', () => {
  it.each([
    [
      'free learner, Level 1',
      1,
      free,
      1,
      'Level 1 is locked. Your Free Plan does not include certification levels. Upgrade your plan to unlock this level.',
    ],
    ['Starter, Level 1', 1, starter, 1, null],
    [
      'Starter, Level 2 after Level 1',
      2,
      starter,
      2,
      'Level 2 is locked. Your Starter Plan includes Level 1. Upgrade your plan to unlock this level.',
    ],
    [
      'Growth, Level 2 before Level 1 is done',
      2,
      growth,
      1,
      'Complete all 10 certifications of Level 1 to unlock Level 2.',
    ],
    [
      'Growth, Level 4',
      4,
      growth,
      1,
      'Level 4 is locked. Your Growth Plan includes Levels 1 to 3. Upgrade your plan to unlock this level.',
    ],
    ['Growth, Level 3 reached', 3, growth, 3, null],
    ['Pro, Level 1 again after climbing to Level 5', 1, pro, 5, null],
    ['Ultimate, Level 10 when all are done', 10, ultimate, 10, null],
    [
      'Ultimate, Level 10 while on Level 9',
      10,
      ultimate,
      9,
      'Complete all 10 certifications of Level 9 to unlock Level 10.',
    ],
  ] as const)('%s', (_name, level, plan, current, problem) => {
    expect(
      certificationLevelProblem({
        level,
        allowedLevel: plan.certification,
        currentLevel: current,
        planName: plan.name,
      }),
    ).toBe(problem);
  });
});

describe('subLevelOrderProblem', () => {
  const earned = (...ids: string[]) => new Set(ids);
  const inOrder = (level: number, count: number) =>
    Array.from({ length: count }, (_, index) => `L${level}-C${index + 1}`);
  it.each([
    ['the first sub-level of a fresh level', 1, 'L1-C1', earned(), null],
    [
      'L1-C7 before L1-C1',
      1,
      'L1-C7',
      earned(),
      'Earn Alphabet Adventurer (L1-C1) first: the certifications of Level 1 are earned in order.',
    ],
    [
      'L1-C2 before L1-C1',
      1,
      'L1-C2',
      earned(),
      'Earn Alphabet Adventurer (L1-C1) first: the certifications of Level 1 are earned in order.',
    ],
    ['L1-C2 after L1-C1', 1, 'L1-C2', earned('L1-C1'), null],
    [
      'L1-C4 after L1-C1 and L1-C2',
      1,
      'L1-C4',
      earned('L1-C1', 'L1-C2'),
      'Earn Color Explorer (L1-C3) first: the certifications of Level 1 are earned in order.',
    ],
    ['L1-C10 after the nine before it', 1, 'L1-C10', earned(...inOrder(1, 9)), null],
    ['retaking an earned sub-level', 1, 'L1-C1', earned('L1-C1', 'L1-C2'), null],
    ['retaking a sub-level of a completed level', 1, 'L1-C5', earned(...inOrder(1, 10), 'L2-C1'), null],
    ['the first sub-level of the next level', 2, 'L2-C1', earned(...inOrder(1, 10)), null],
    ['a gap left by a stray earlier row (L1-C3 alone)', 1, 'L1-C1', earned('L1-C3'), null],
    [
      'past the gap',
      1,
      'L1-C4',
      earned('L1-C1', 'L1-C3'),
      'Earn Number Ninja (L1-C2) first: the certifications of Level 1 are earned in order.',
    ],
    ['no sub-level', 1, null, earned(), 'This quiz is not a certification of Level 1.'],
    ['a sub-level of another level', 2, 'L1-C1', earned(), 'This quiz is not a certification of Level 2.'],
    ['an id not in the catalogue', 1, 'L1-C11', earned(), 'This quiz is not a certification of Level 1.'],
  ] as const)('%s', (_name, level, subLevelId, earnedIds, problem) => {
    expect(subLevelOrderProblem({ level, subLevelId, earned: earnedIds })).toBe(problem);
  });
});

describe('messages', () => {
  it('keep the spec’s default text', () => {
    expect(UPGRADE_TO_UNLOCK_MESSAGE).toBe('Upgrade your plan to unlock this level.');
    expect(planLevelsMessage('Pro Plan', 7)).toBe(
      'Your Pro Plan includes Levels 1 to 7. Upgrade your plan to unlock this level.',
    );
  });
});
