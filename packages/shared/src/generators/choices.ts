import type { Rng } from './rng.ts';
import type { FourOptions } from './types.ts';

export interface ChoiceSpec<T> {
  answer: T;
  /** Wrong answers from typical mistakes, most typical first; unusable ones are skipped. */
  mistakes: readonly T[];
  /** A near value for step 1, 2, 3…: fills the options when mistakes run out or hit the answer. */
  near: (step: number) => T;
  format: (value: T) => string;
  /** Values a child could take for an answer (e.g. not negative, a real time). */
  valid?: (value: T) => boolean;
  /** Two values with the same key are the same answer (e.g. 1/2 and 2/4); default: the text. */
  key?: (value: T) => string;
}

const sameText = (text: string) => text.trim().toLowerCase();

/**
 * Four distinct options: the answer and three distractors, then shuffled, so the answer's position
 * is uniform over 0–3.
 */
export function choose<T>(
  rng: Rng,
  spec: ChoiceSpec<T>,
): { options: FourOptions; correctAnswerIndex: number } {
  const key = spec.key ?? ((value: T) => sameText(spec.format(value)));
  const keys = new Set([key(spec.answer)]);
  const texts = new Set([sameText(spec.format(spec.answer))]);
  const values: T[] = [spec.answer];
  const offer = (value: T) => {
    if (values.length >= 4) return;
    if (spec.valid && !spec.valid(value)) return;
    const text = spec.format(value);
    if (!text.trim() || keys.has(key(value)) || texts.has(sameText(text))) return;
    keys.add(key(value));
    texts.add(sameText(text));
    values.push(value);
  };
  spec.mistakes.forEach(offer);
  for (let step = 1; values.length < 4; step += 1) {
    if (step > 200) throw new Error(`No four distinct options near ${spec.format(spec.answer)}`);
    offer(spec.near(step));
  }
  const order = rng.shuffle([0, 1, 2, 3]);
  const options = order.map((index) => ({ type: 'text' as const, value: spec.format(values[index] as T) }));
  return { options: options as FourOptions, correctAnswerIndex: order.indexOf(0) };
}

/** Near whole numbers: +1, −1, +2, −2… times `unit`. */
export function nearNumber(answer: number, unit = 1): (step: number) => number {
  return (step) => answer + (step % 2 === 1 ? 1 : -1) * Math.ceil(step / 2) * unit;
}
