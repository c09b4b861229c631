import {
  findSubLevel,
  remainingAttempts,
  type SubLevel,
  type HistoryAttempt,
  type QuizAttemptResponse,
  type QuizHistoryResponse,
} from '@quizquest/shared';
import { formatDate, formatNumber } from '../../i18n/format.ts';

/** Spec §9: the attempt and result pages count 1 allowed attempt when nothing says otherwise. */
export const DEFAULT_ATTEMPTS_ON_ATTEMPT_PAGES = 1;

type Limits = Pick<QuizHistoryResponse, 'quizLimits' | 'attemptCounts'>;

/**
 * Spec §4 Quiz attempt: attempts allowed minus the learner's attempts on this quiz. The history
 * knows a quiz only once it has been attempted; before that the quiz's own limit and count apply.
 */
export function attemptsLeftForQuiz(
  quiz: Pick<QuizAttemptResponse, '_id' | 'quizLimits' | 'attemptCount'>,
  history: Limits | null,
): number {
  const allowed = history?.quizLimits[quiz._id] ?? quiz.quizLimits ?? DEFAULT_ATTEMPTS_ON_ATTEMPT_PAGES;
  const used = history?.attemptCounts[quiz._id] ?? quiz.attemptCount;
  return remainingAttempts(allowed, used);
}

/** The result page's 'Re-Attempt (N left)': from the history, counting 1 allowed when it gives none. */
export function attemptsLeftAfterResult(
  quizId: string,
  history: Limits & Pick<QuizHistoryResponse, 'attempts'>,
): number {
  const allowed = history.quizLimits[quizId] ?? DEFAULT_ATTEMPTS_ON_ATTEMPT_PAGES;
  const used =
    history.attemptCounts[quizId] ?? history.attempts.filter((attempt) => attempt.quiz._id === quizId).length;
  return remainingAttempts(allowed, used);
}

export interface AttemptGroup {
  key: string;
  /**
   * What the group is: a practice category (the server's word), practice without one ('General'),
   * a certification sub-level of the catalogue, or certification without one ('Unassigned').
   */
  kind: 'category' | 'general' | 'subLevel' | 'unassigned';
  /** In English: the category (mastery is looked up by it) or 'Level 1 · Alphabet Adventurer'. */
  label: string;
  /** The catalogue's sub-level of a certification group, for its name in the language shown. */
  subLevel?: SubLevel & { level: number };
  /** Newest first. */
  attempts: HistoryAttempt[];
}

/** The group label of a certification sub-level: 'Level 1 · Alphabet Adventurer' for L1-C1. */
function subLevelLabel(subLevelId: string): string {
  const subLevel = findSubLevel(subLevelId);
  return subLevel ? `Level ${subLevel.level} · ${subLevel.name}` : subLevelId;
}

/**
 * Spec §2 Scoreboard: practice attempts grouped by quiz category ('General' without one),
 * certification attempts by sub-level ('Unassigned' without one). Attempts are newest first in
 * each group, and the group with the newest attempt comes first.
 */
export function groupAttempts(attempts: readonly HistoryAttempt[]): AttemptGroup[] {
  const newestFirst = [...attempts].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
  const groups = new Map<string, AttemptGroup>();
  for (const attempt of newestFirst) {
    const practice = attempt.quiz.level === 0;
    const category = attempt.quiz.category?.trim();
    const subLevel = attempt.quiz.subLevel?.trim();
    const key = practice ? `practice:${category || 'General'}` : `certification:${subLevel || 'Unassigned'}`;
    const label = practice ? category || 'General' : subLevel ? subLevelLabel(subLevel) : 'Unassigned';
    const group = groups.get(key);
    if (group) group.attempts.push(attempt);
    else {
      const kind = practice ? (category ? 'category' : 'general') : subLevel ? 'subLevel' : 'unassigned';
      const found = subLevel ? findSubLevel(subLevel) : undefined;
      groups.set(key, { key, kind, label, ...(found ? { subLevel: found } : {}), attempts: [attempt] });
    }
  }
  return [...groups.values()];
}

/** Spec §9: scores show with 2 decimals, on the scoreboard with none; in the language shown. */
export function formatScore(score: number, decimals: 0 | 2): string {
  return `${formatNumber(score, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}%`;
}

/** Design §5: dates show en-IN, e.g. '5 Mar 2026, 10:30 am', or hi-IN in Hindi. */
export function formatAttemptDate(iso: string): string {
  return formatDate(iso, 'dateTime');
}
