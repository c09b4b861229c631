/**
 * Mastery of a category (design.md §7), from the learner's recent answers in it, newest first:
 * - Attempted: answered something, but fewer than MASTERY_MIN_ANSWERS or below 70 %;
 * - Familiar: at least 70 % of the recent answers right;
 * - Proficient: at least 90 %;
 * - Mastered: the last 10 answers all right, at least one of them in a review (the child
 *   remembered it later, not only right after reading it).
 * Percentages need MASTERY_MIN_ANSWERS answers, so one lucky answer is not "Proficient".
 */
export const MASTERY_LEVELS = ['attempted', 'familiar', 'proficient', 'mastered'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** How many recent answers count. */
export const MASTERY_WINDOW = 20;
export const MASTERY_MIN_ANSWERS = 10;

export interface RecentAnswer {
  correct: boolean;
  /** Answered in a review session. */
  review: boolean;
}

/** null when the learner has not answered anything in the category. */
export function masteryLevel(newestFirst: readonly RecentAnswer[]): MasteryLevel | null {
  if (newestFirst.length === 0) return null;
  const recent = newestFirst.slice(0, MASTERY_WINDOW);
  if (recent.length < MASTERY_MIN_ANSWERS) return 'attempted';
  const lastTen = recent.slice(0, MASTERY_MIN_ANSWERS);
  if (lastTen.every((answer) => answer.correct) && lastTen.some((answer) => answer.review)) return 'mastered';
  const accuracy = recent.filter((answer) => answer.correct).length / recent.length;
  if (accuracy >= 0.9) return 'proficient';
  if (accuracy >= 0.7) return 'familiar';
  return 'attempted';
}

/** One answer of a learner, in a category, at a time (ms): a quiz's or a review's. */
export interface CategoryAnswer extends RecentAnswer {
  category: string;
  /** When it was given, in ms; answers given at the same time keep their order (newest first). */
  at: number;
}

export interface CategoryMasteryLevel {
  category: string;
  level: MasteryLevel;
  /** Recent answers counted (at most MASTERY_WINDOW) and how many of them were right. */
  answered: number;
  correct: number;
}

/**
 * Mastery per category (design.md §7; the dashboard's and the parent's report): each category's
 * answers, newest first by time, the latest MASTERY_WINDOW of them; categories in name order.
 * Quiz answers and review answers count alike (decision 032: a review answer counts for mastery).
 */
export function masteryPerCategory(answers: Iterable<CategoryAnswer>): CategoryMasteryLevel[] {
  const perCategory = new Map<string, CategoryAnswer[]>();
  for (const answer of answers) {
    const list = perCategory.get(answer.category);
    if (list) list.push(answer);
    else perCategory.set(answer.category, [answer]);
  }
  const mastery: CategoryMasteryLevel[] = [];
  for (const [category, list] of perCategory) {
    // A stable sort: answers given at the same time keep their newest-first order.
    const recent = [...list].sort((a, b) => b.at - a.at).slice(0, MASTERY_WINDOW);
    const level = masteryLevel(recent);
    if (level === null) continue;
    mastery.push({
      category,
      level,
      answered: recent.length,
      correct: recent.filter((answer) => answer.correct).length,
    });
  }
  return mastery.sort((a, b) => a.category.localeCompare(b.category));
}
