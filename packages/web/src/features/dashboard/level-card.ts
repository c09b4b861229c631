import {
  findLevel,
  isLevelComplete,
  isLevelLocked,
  tileState,
  type CertificationProgress,
  type TileState,
} from '@quizquest/shared';

export interface SubLevelTile {
  id: string;
  name: string;
  /** The name Hindi-speaking learners see (issue 18). */
  hindiName?: string;
  state: TileState;
  /** The quiz to open, only on the active tile. */
  quizId: string | null;
}

export interface LevelCard {
  level: number;
  levelName: string;
  /** Spec §4: locked when the plan's allowedLevel is below the level. */
  locked: boolean;
  /** Spec §4: every required certification done and the level unlocked. */
  complete: boolean;
  /** Spec §4: confetti fires when the completed count equals the required count. */
  celebrate: boolean;
  completed: number;
  required: number;
  percent: number;
  tiles: SubLevelTile[];
  /** The level after a finished one that the plan does not include yet; null otherwise. */
  nextLockedLevel: number | null;
}

/**
 * The level card of spec §4 from the progress data: one tile per catalogue sub-level, completed
 * when earned, active when it is the next quiz's sub-level and the level is open, locked otherwise
 * (a locked level offers nothing to start).
 *
 * The progress names the lowest level not yet complete. When that level lies just beyond the plan
 * and the plan's last level is done (a Starter learner who earned all of Level 1), the card shows
 * that finished level — congratulations and its certificate — rather than a level the learner
 * cannot start, and offers the upgrade beside it.
 */
export function levelCard(progress: CertificationProgress): LevelCard {
  const finishedPlan =
    progress.allowedLevel >= 1 &&
    progress.allowedLevel === progress.currentLevel - 1 &&
    progress.completedLevels.includes(progress.allowedLevel);
  if (finishedPlan) {
    const level = findLevel(progress.allowedLevel);
    const tiles = (level?.subLevels ?? []).map((subLevel): SubLevelTile => ({
      ...subLevel,
      state: 'completed',
      quizId: null,
    }));
    return {
      level: progress.allowedLevel,
      levelName: level?.name ?? `Level ${progress.allowedLevel}`,
      locked: false,
      complete: true,
      celebrate: true,
      completed: tiles.length,
      required: tiles.length,
      percent: 100,
      tiles,
      nextLockedLevel: progress.currentLevel,
    };
  }

  const locked = isLevelLocked(progress.allowedLevel, progress.currentLevel);
  const completed = progress.certificationsCompletedInLevel;
  const required = progress.totalRequired;
  const earned = new Set(
    progress.certifications.filter((record) => record.completed).map((record) => record.certId),
  );
  const next = locked ? null : progress.nextQuiz;
  const tiles = (findLevel(progress.currentLevel)?.subLevels ?? []).map((subLevel): SubLevelTile => {
    const state = tileState(subLevel.id, earned, next?.subLevel);
    return { ...subLevel, state, quizId: state === 'active' && next ? next._id : null };
  });
  return {
    level: progress.currentLevel,
    levelName: progress.levelName,
    locked,
    complete: isLevelComplete({ completed, required, locked }),
    celebrate: completed === required,
    completed,
    required,
    percent: Math.min(100, Math.round((completed / required) * 100)),
    tiles,
    nextLockedLevel: null,
  };
}
