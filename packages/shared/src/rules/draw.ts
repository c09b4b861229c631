/**
 * The draw of one attempt (issue 16, decision 031): which questions of a quiz's pool an attempt
 * shows, in what order, and each question's options in what order. Pure: the caller gives the
 * randomness (crypto on the server, a seeded generator in tests).
 *
 * Questions the learner has not seen come first, then those whose last answer was wrong, then the
 * rest; within each group the choice is random. The chosen questions are then shown in a random
 * order, so a retake never repeats positions.
 */

/** A random number in [0, 1). */
export type RandomSource = () => number;

/** The learner's last answer to each question of the pool they have seen: true when right. */
export type PoolHistory = ReadonlyMap<string, boolean>;

/**
 * The history a draw prefers from: each question's last answer, from the learner's attempts of
 * the quiz, oldest first (each: the answers given and, per question shown, its id and correct
 * answer; a question without an id, from before draws, is skipped).
 */
export function poolHistory(
  attemptsOldestFirst: ReadonlyArray<{
    answers: readonly number[];
    shown: ReadonlyArray<readonly [string | null, number]>;
  }>,
): Map<string, boolean> {
  const history = new Map<string, boolean>();
  for (const attempt of attemptsOldestFirst) {
    attempt.shown.forEach(([questionId, correctIndex], position) => {
      if (questionId) history.set(questionId, attempt.answers[position] === correctIndex);
    });
  }
  return history;
}

/** A random permutation of 0 … length-1 (Fisher–Yates). */
export function shuffledIndexes(length: number, random: RandomSource): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let index = length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order;
}

export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  return shuffledIndexes(items.length, random).map((index) => items[index] as T);
}

/** The group a question falls in: 0 unseen, 1 last answered wrong, 2 last answered right. */
export function drawPriority(questionId: string, history: PoolHistory): 0 | 1 | 2 {
  const lastCorrect = history.get(questionId);
  if (lastCorrect === undefined) return 0;
  return lastCorrect ? 2 : 1;
}

/**
 * The questions of one draw: `count` of the pool (all of it when count is null or larger), unseen
 * first, then wrong, then right, shown in a random order.
 */
export function drawQuestions<T extends { id: string }>(
  pool: readonly T[],
  history: PoolHistory,
  count: number | null,
  random: RandomSource,
): T[] {
  const wanted = Math.min(count ?? pool.length, pool.length);
  const groups: T[][] = [[], [], []];
  for (const question of pool) groups[drawPriority(question.id, history)]?.push(question);
  const chosen = groups.flatMap((group) => shuffled(group, random)).slice(0, wanted);
  return shuffled(chosen, random);
}

/**
 * The order a question's options are shown in: optionOrder[i] is the stored index of shown option
 * i. Kept as written when the question says so ('All of the above', numbers in order).
 */
export function optionOrder(optionCount: number, keepOptionOrder: boolean, random: RandomSource): number[] {
  return keepOptionOrder
    ? Array.from({ length: optionCount }, (_, index) => index)
    : shuffledIndexes(optionCount, random);
}

/** A question as stored, laid out as shown: its options in `order`, its correct answer moved with them. */
export function arrangeOptions<O>(
  options: readonly O[],
  correctIndex: number,
  order: readonly number[],
): { options: O[]; correctIndex: number } {
  return {
    options: order.map((stored) => options[stored] as O),
    correctIndex: order.indexOf(correctIndex),
  };
}
