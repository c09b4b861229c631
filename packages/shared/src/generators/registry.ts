import { exponents, integers, linearPair, percentage, quadraticRoots, simpleEquation } from './algebra.ts';
import { decimalPlaceValue, decimalsAdd } from './decimals.ts';
import {
  equivalentFractions,
  fractionOfNumber,
  fractionOfWhole,
  fractionsLike,
  fractionsUnlike,
} from './fractions.ts';
import { isMathsGrade, type MathsGrade } from './grades.ts';
import { measurementConvert } from './measurement.ts';
import { moneyRupeesPaise } from './money.ts';
import { compareNumbers, countObjects, numberNames, numberNeighbours, placeValue } from './number-sense.ts';
import {
  addBasic,
  addCarry,
  divide,
  missingNumber,
  multiply,
  subtractBasic,
  subtractBorrow,
  timesTables,
} from './operations.ts';
import { createRng } from './rng.ts';
import { time24Hour, timeDuration, timeReadClock } from './time.ts';
import type { GeneratedQuestion, MathsGenerator } from './types.ts';

/** Every maths generator, by topic. Ids are stable: snapshots store them. */
export const MATHS_GENERATORS: readonly MathsGenerator[] = [
  countObjects,
  numberNeighbours,
  compareNumbers,
  placeValue,
  numberNames,
  addBasic,
  addCarry,
  subtractBasic,
  subtractBorrow,
  missingNumber,
  timesTables,
  multiply,
  divide,
  fractionOfWhole,
  fractionOfNumber,
  equivalentFractions,
  fractionsLike,
  fractionsUnlike,
  decimalPlaceValue,
  decimalsAdd,
  timeReadClock,
  timeDuration,
  time24Hour,
  moneyRupeesPaise,
  measurementConvert,
  integers,
  exponents,
  simpleEquation,
  linearPair,
  percentage,
  quadraticRoots,
];

export function findGenerator(id: string): MathsGenerator | undefined {
  return MATHS_GENERATORS.find((generator) => generator.id === id);
}

export function generatorsForGrade(grade: MathsGrade): MathsGenerator[] {
  return MATHS_GENERATORS.filter((generator) => generator.grades.includes(grade));
}

/** One question from one generator, made again exactly from its 32-bit seed. */
export function generateQuestion(generatorId: string, grade: string, seed: number): GeneratedQuestion {
  const generator = findGenerator(generatorId);
  if (!generator) throw new RangeError(`Unknown maths generator: ${generatorId}`);
  if (!isMathsGrade(grade) || !generator.grades.includes(grade)) {
    throw new RangeError(`The ${generatorId} generator does not suit grade ${grade}`);
  }
  const questionSeed = seed >>> 0;
  const body = generator.generate(createRng(questionSeed), grade);
  return { generatorId, grade, seed: questionSeed, ...body };
}
