import { addDays, DEFAULT_TIME_ZONE, localDay, startOfLocalDay } from './local-day.ts';

/**
 * The review box (spaced repetition, design.md §7): a question answered wrong is due at once;
 * each right answer in a review moves it on to be due again after 1, 3, 7 and then 21 days; a
 * right answer at the last step takes it out of the box (learnt). A wrong answer anywhere sends it
 * back to the start. Due dates fall at the start of the learner's local day, so "in 3 days" means
 * from that morning, not from the same minute.
 */
export const REVIEW_INTERVAL_DAYS = [0, 1, 3, 7, 21] as const;

export interface ReviewCard {
  /** Index into REVIEW_INTERVAL_DAYS. */
  step: number;
  dueAt: Date;
}

/**
 * The card after an answer to its question. `card` null: the question is not in the box (a right
 * answer leaves it out). Returns null when the question leaves (or stays out of) the box.
 */
export function nextReviewCard(
  card: ReviewCard | null,
  correct: boolean,
  answeredAt: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): ReviewCard | null {
  if (!correct) return { step: 0, dueAt: answeredAt };
  if (!card) return null;
  const step = card.step + 1;
  const days = REVIEW_INTERVAL_DAYS[step];
  if (days === undefined) return null;
  return { step, dueAt: startOfLocalDay(addDays(localDay(answeredAt, timeZone), days), timeZone) };
}

export function isReviewDue(card: ReviewCard, now: Date): boolean {
  return card.dueAt.getTime() <= now.getTime();
}
