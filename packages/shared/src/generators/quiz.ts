import { isMathsGrade } from './grades.ts';
import { findGenerator, generateQuestion, generatorsForGrade } from './registry.ts';
import { createRng, hashSeed } from './rng.ts';
import type { GeneratedQuestion } from './types.ts';

/**
 * Which generator code made a draw. Raise it whenever a change would make the same seed give
 * different questions, so a snapshot can tell which version it came from.
 */
export const GENERATORS_VERSION = 1;

export const MAX_GENERATED_QUIZ_COUNT = 100;

export interface GenerateQuizInput {
  /** Stored in the attempt's snapshot: the same input gives the same questions, letter for letter. */
  seed: string | number;
  grade: string;
  count?: number;
  generatorIds?: readonly string[];
}

export interface GeneratedQuiz {
  version: typeof GENERATORS_VERSION;
  seed: string | number;
  grade: string;
  questions: GeneratedQuestion[];
}

/** Tries per question before a draw gives up on finding a text not yet in it. */
const TRIES_PER_QUESTION = 50;

/**
 * A Maths practice quiz: `count` questions, the generators that suit the grade taken in turns
 * (shuffled each round), no question text twice.
 */
export function generateQuiz({ seed, grade, count = 10, generatorIds }: GenerateQuizInput): GeneratedQuiz {
  if (!isMathsGrade(grade)) throw new RangeError(`Unknown grade: ${grade}`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_QUIZ_COUNT) {
    throw new RangeError(`count must be a whole number from 1 to ${MAX_GENERATED_QUIZ_COUNT}`);
  }
  const suitable = generatorsForGrade(grade);
  let pool = suitable;
  if (generatorIds) {
    for (const id of generatorIds) {
      const generator = findGenerator(id);
      if (!generator) throw new RangeError(`Unknown maths generator: ${id}`);
      if (!suitable.includes(generator))
        throw new RangeError(`The ${id} generator does not suit grade ${grade}`);
    }
    pool = suitable.filter((generator) => generatorIds.includes(generator.id));
  }
  if (pool.length === 0) throw new RangeError(`No maths generator suits grade ${grade}`);

  const rng = createRng(hashSeed(`${GENERATORS_VERSION}|${seed}|${grade}`));
  const questions: GeneratedQuestion[] = [];
  const texts = new Set<string>();
  let round: typeof pool = [];
  let turnsMissed = 0;
  while (questions.length < count) {
    if (round.length === 0) round = rng.shuffle(pool);
    const generator = round.shift();
    if (!generator) break;
    let question: GeneratedQuestion | undefined;
    for (let tries = 0; tries < TRIES_PER_QUESTION; tries += 1) {
      const candidate = generateQuestion(generator.id, grade, rng.int(0, 0xffffffff));
      if (!texts.has(candidate.questionText)) {
        question = candidate;
        break;
      }
    }
    // A generator with few questions left for this draw gives its turn to the next one.
    if (!question) {
      turnsMissed += 1;
      if (turnsMissed > pool.length)
        throw new RangeError(`Not enough different ${grade} questions for ${count}`);
      continue;
    }
    turnsMissed = 0;
    texts.add(question.questionText);
    questions.push(question);
  }
  return { version: GENERATORS_VERSION, seed, grade, questions };
}
