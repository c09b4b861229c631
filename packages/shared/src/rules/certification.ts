import { findLevel, findSubLevel, LEVELS, SUB_LEVELS_PER_LEVEL, type SubLevel } from '../catalogue/levels.ts';

/**
 * The certification progress rules (spec §4 Level card and Certificates; design.md §5). The
 * server computes progress and gates certification quizzes with them; the dashboard and My
 * Certifications draw their tiles with them. Sub-levels are identified by their catalogue id,
 * 'L3-C7'; ids that are not in the catalogue never count.
 */

export type TileState = 'completed' | 'active' | 'locked';

/** Spec §2 Dashboard: shown on a locked level card when the plan gives no message of its own. */
export const UPGRADE_TO_UNLOCK_MESSAGE = 'Upgrade your plan to unlock this level.';

/** The catalogue sub-levels of `levelId` whose certification is earned, in catalogue order. */
export function earnedSubLevels(levelId: number, earned: ReadonlySet<string>): SubLevel[] {
  return (findLevel(levelId)?.subLevels ?? []).filter((subLevel) => earned.has(subLevel.id));
}

/** Spec §4 Certificates: a level is complete when all 10 of its certifications are earned. */
export function isLevelFullyEarned(levelId: number, earned: ReadonlySet<string>): boolean {
  const level = findLevel(levelId);
  return level !== undefined && level.subLevels.every((subLevel) => earned.has(subLevel.id));
}

/** The ids of the levels whose ten sub-levels are all earned, ascending. */
export function completedLevels(earned: ReadonlySet<string>): number[] {
  return LEVELS.filter((level) => isLevelFullyEarned(level.id, earned)).map((level) => level.id);
}

/**
 * The level the learner is climbing (design.md §5): the lowest level not fully earned; the last
 * level (10) once every level is done.
 */
export function currentLevel(earned: ReadonlySet<string>): number {
  const open = LEVELS.find((level) => !isLevelFullyEarned(level.id, earned));
  return open?.id ?? LEVELS.length;
}

/** The first sub-level of `levelId` not yet earned, in catalogue order; null when all are. */
export function firstUnearnedSubLevel(levelId: number, earned: ReadonlySet<string>): SubLevel | null {
  return findLevel(levelId)?.subLevels.find((subLevel) => !earned.has(subLevel.id)) ?? null;
}

/** Spec §4 Level card: locked when the plan's allowedLevel is below the current level. */
export function isLevelLocked(allowedLevel: number, level: number): boolean {
  return allowedLevel < level;
}

/**
 * Spec §4 Level card: the level is complete (congratulations, certificate button) when every
 * required certification is done and the level is not locked.
 */
export function isLevelComplete(input: { completed: number; required: number; locked: boolean }): boolean {
  return !input.locked && input.completed >= input.required;
}

/** Spec §4 Level card: completed if earned, active if it is the next quiz's sub-level, else locked. */
export function tileState(
  subLevelId: string,
  earned: ReadonlySet<string>,
  nextQuizSubLevel: string | null | undefined,
): TileState {
  if (earned.has(subLevelId)) return 'completed';
  if (nextQuizSubLevel === subLevelId) return 'active';
  return 'locked';
}

/** Progress of one level: the counts of its progress bar (spec §2 'N / M Certifications Completed'). */
export function levelProgress(levelId: number, earned: ReadonlySet<string>) {
  return {
    completed: earnedSubLevels(levelId, earned).length,
    required: findLevel(levelId)?.subLevels.length ?? SUB_LEVELS_PER_LEVEL,
  };
}

/** Why a locked level is locked, in words a parent understands (progress subscription_message). */
export function planLevelsMessage(planName: string, allowedLevel: number): string {
  const included =
    allowedLevel <= 0
      ? `Your ${planName} does not include certification levels.`
      : allowedLevel === 1
        ? `Your ${planName} includes Level 1.`
        : `Your ${planName} includes Levels 1 to ${allowedLevel}.`;
  return `${included} ${UPGRADE_TO_UNLOCK_MESSAGE}`;
}

/**
 * Whether a certification quiz of `level` may be opened and submitted (design.md §5): the plan
 * must include the level, and levels go in order, so every level below it must be complete.
 * Returns the 403 message, or null when the quiz is open. Levels already climbed stay open while
 * the plan includes them.
 */
export function certificationLevelProblem(input: {
  level: number;
  allowedLevel: number;
  currentLevel: number;
  planName: string;
}): string | null {
  if (input.level > input.allowedLevel) {
    return `Level ${input.level} is locked. ${planLevelsMessage(input.planName, input.allowedLevel)}`;
  }
  if (input.level > input.currentLevel) {
    return `Complete all ${SUB_LEVELS_PER_LEVEL} certifications of Level ${input.currentLevel} to unlock Level ${input.level}.`;
  }
  return null;
}

/**
 * Whether a certification quiz of `subLevelId` may be opened and submitted within its level
 * (decision 023): sub-levels are earned in catalogue order, as the dashboard offers them, so only
 * the first unearned sub-level of the level is open; an earned one stays open to retake (it earns
 * nothing twice). Returns the 403 message, or null when the quiz is open. The level itself is
 * checked first by certificationLevelProblem.
 */
export function subLevelOrderProblem(input: {
  level: number;
  subLevelId: string | null;
  earned: ReadonlySet<string>;
}): string | null {
  const subLevel = input.subLevelId ? findSubLevel(input.subLevelId) : undefined;
  if (!subLevel || subLevel.level !== input.level) {
    return `This quiz is not a certification of Level ${input.level}.`;
  }
  if (input.earned.has(subLevel.id)) return null;
  const next = firstUnearnedSubLevel(input.level, input.earned);
  if (!next || next.id === subLevel.id) return null;
  return `Earn ${next.name} (${next.id}) first: the certifications of Level ${input.level} are earned in order.`;
}
