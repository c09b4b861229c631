import { choose, nearNumber } from './choices.ts';
import { formatFraction, formatNumber, MINUS } from './format.ts';
import { classOf, gradesFrom } from './grades.ts';
import { pickChild } from './people.ts';
import type { Rng } from './rng.ts';
import type { MathsGenerator } from './types.ts';

type Fraction = [numerator: number, denominator: number];

export function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

function simplest([n, d]: Fraction): Fraction {
  const g = gcd(n, d) || 1;
  return [n / g, d / g];
}

const show = ([n, d]: Fraction) => formatFraction(n, d);
/** Two options with the same value are the same answer: 1/2 and 2/4 never stand side by side. */
const byValue = (fraction: Fraction) => show(simplest(fraction));
const sensible = ([n, d]: Fraction) =>
  Number.isInteger(n) && Number.isInteger(d) && n > 0 && d > 1 && n < 2 * d;

function properFraction(rng: Rng, maxDenominator: number): Fraction {
  const d = rng.int(2, maxDenominator);
  return [rng.int(1, d - 1), d];
}

const WHOLES = [
  { thing: 'roti', pieces: 'pieces' },
  { thing: 'pizza', pieces: 'slices' },
  { thing: 'chocolate bar', pieces: 'pieces' },
  { thing: 'cake', pieces: 'pieces' },
  { thing: 'watermelon', pieces: 'slices' },
] as const;

export const fractionOfWhole: MathsGenerator = {
  id: 'fraction-of-whole',
  topic: 'fractions',
  grades: gradesFrom('c-3', 'c-5'),
  generate(rng, grade) {
    const level = classOf(grade);
    const parts = level === 3 ? rng.pick([2, 3, 4]) : rng.int(3, level === 4 ? 8 : 12);
    const taken = rng.int(1, parts - 1);
    const ask = level >= 4 && rng.chance(0.5) ? 'left' : 'taken';
    const child = pickChild(rng);
    const whole = rng.pick(WHOLES);
    const left = parts - taken;
    const answer: Fraction = ask === 'taken' ? [taken, parts] : [left, parts];
    const pronoun = child.she === 'She' ? 'she' : 'he';
    const questionText =
      ask === 'taken'
        ? `A ${whole.thing} is cut into ${parts} equal ${whole.pieces}. ${child.name} eats ${taken}. What fraction of the ${whole.thing} did ${pronoun} eat?`
        : `A ${whole.thing} is cut into ${parts} equal ${whole.pieces}. ${child.name} eats ${taken}. What fraction of the ${whole.thing} is left?`;
    const explanation =
      ask === 'taken'
        ? `There are ${parts} equal ${whole.pieces} and ${taken} ${taken === 1 ? 'is' : 'are'} eaten: ${taken} out of ${parts}, which is ${show(answer)}.`
        : `There are ${parts} equal ${whole.pieces}; ${parts} ${MINUS} ${taken} = ${left} ${left === 1 ? 'is' : 'are'} left: ${left} out of ${parts}, which is ${show(answer)}.`;
    return {
      questionText,
      ...choose<Fraction>(rng, {
        answer,
        mistakes: [
          [answer[1], answer[0]],
          ask === 'taken' ? [left, parts] : [taken, parts],
          [taken, left],
          [left, taken],
        ],
        near: (step) => [answer[0], answer[1] + step],
        format: show,
        key: byValue,
        valid: sensible,
      }),
      explanation,
      data: { kind: 'fraction-of-whole', parts, taken, ask },
    };
  },
};

export const fractionOfNumber: MathsGenerator = {
  id: 'fraction-of-number',
  topic: 'fractions',
  grades: gradesFrom('c-3', 'c-6'),
  generate(rng, grade) {
    const level = classOf(grade);
    let [numerator, denominator]: Fraction =
      level === 3
        ? [1, rng.pick([2, 4])]
        : level === 4
          ? rng.pick<Fraction>([
              [1, rng.int(2, 10)],
              [3, 4],
            ])
          : properFraction(rng, 10);
    [numerator, denominator] = simplest([numerator, denominator]);
    // At least 8 in all, so there is room for three wrong answers below the whole.
    const share = rng.int(Math.max(2, Math.ceil(8 / denominator)), level === 3 ? 15 : 12);
    const whole = denominator * share;
    const answer = numerator * share;
    const fraction = formatFraction(numerator, denominator);
    const explanation =
      numerator === 1
        ? `${fraction} of ${whole} means ${whole} shared into ${denominator} equal parts: ${whole} ÷ ${denominator} = ${answer}.`
        : `1/${denominator} of ${whole} is ${whole} ÷ ${denominator} = ${share}. So ${fraction} of ${whole} is ${numerator} × ${share} = ${answer}.`;
    return {
      questionText: `What is ${fraction} of ${formatNumber(whole)}?`,
      ...choose(rng, {
        answer,
        mistakes: [share, whole - answer, answer + share, answer - share, whole / numerator],
        near: nearNumber(answer),
        format: formatNumber,
        valid: (value) => Number.isInteger(value) && value > 0 && value < whole,
      }),
      explanation,
      data: { kind: 'fraction-of-number', numerator, denominator, whole },
    };
  },
};

export const equivalentFractions: MathsGenerator = {
  id: 'equivalent-fractions',
  topic: 'fractions',
  grades: gradesFrom('c-4', 'c-7'),
  generate(rng, grade) {
    const [n, d] = simplest(properFraction(rng, classOf(grade) === 4 ? 8 : 10));
    const k = rng.int(2, classOf(grade) === 4 ? 5 : 9);
    const answer: Fraction = [n * k, d * k];
    return {
      questionText: `Which fraction is equal to ${formatFraction(n, d)}?`,
      ...choose<Fraction>(rng, {
        answer,
        // Adding the same number to top and bottom, or multiplying only one of them.
        mistakes: rng.shuffle<Fraction>([
          [n + k, d + k],
          [n * k, d],
          [n * k, d + k],
          [n * k + 1, d * k],
          [n + k, d * k],
        ]),
        near: (step) =>
          step <= 6 ? [n * k + (step % 2 ? 1 : -1) * Math.ceil(step / 2), d * k] : [n * k, d * k + step - 6],
        format: show,
        key: byValue,
        // Less than 1, like the fraction asked about.
        valid: (fraction) => sensible(fraction) && fraction[0] < fraction[1],
      }),
      explanation: `Multiply the top and the bottom of ${formatFraction(n, d)} by ${k}: ${n} × ${k} = ${n * k} and ${d} × ${k} = ${d * k}. So ${formatFraction(n, d)} = ${show(answer)}.`,
      data: { kind: 'equivalent-fraction', numerator: n, denominator: d },
    };
  },
};

function lcm(a: number, b: number): number {
  return (a * b) / gcd(a, b);
}

function sumQuestion(
  rng: Rng,
  like: boolean,
  maxDenominator: number,
): { op: '+' | '-'; a: Fraction; b: Fraction } {
  for (;;) {
    const op = rng.pick(['+', '-'] as const);
    const a = properFraction(rng, maxDenominator);
    // Unlike denominators: each fraction in its simplest form, as a textbook writes them.
    const b: Fraction = like ? [rng.int(1, a[1] - 1), a[1]] : simplest(properFraction(rng, maxDenominator));
    if (!like && gcd(a[0], a[1]) !== 1) continue;
    if (!like && (a[1] === b[1] || lcm(a[1], b[1]) > 60)) continue;
    const top = op === '+' ? a[0] * b[1] + b[0] * a[1] : a[0] * b[1] - b[0] * a[1];
    // A proper fraction as the answer: more than 0, less than 1.
    if (top > 0 && top < a[1] * b[1]) return { op, a, b };
  }
}

function fractionSum(like: boolean): MathsGenerator['generate'] {
  return (rng, grade) => {
    const { op, a, b } = sumQuestion(rng, like, classOf(grade) <= 6 ? 10 : 12);
    const sign = op === '+' ? '+' : MINUS;
    const apply = (x: number, y: number) => (op === '+' ? x + y : x - y);
    const common = lcm(a[1], b[1]);
    const [scaledA, scaledB] = [a[0] * (common / a[1]), b[0] * (common / b[1])];
    const raw: Fraction = [apply(scaledA, scaledB), common];
    const answer = simplest(raw);
    const reduced = raw[0] !== answer[0] ? ` In its simplest form, ${show(raw)} = ${show(answer)}.` : '';
    const explanation = like
      ? `The denominators are the same, so ${op === '+' ? 'add' : 'subtract'} the numerators: ${a[0]} ${sign} ${b[0]} = ${raw[0]}, giving ${show(raw)}.${reduced || ` So the answer is ${show(answer)}.`}`
      : `Make the denominators the same: ${[
          ...(a[1] !== common ? [`${show(a)} = ${show([scaledA, common])}`] : []),
          ...(b[1] !== common ? [`${show(b)} = ${show([scaledB, common])}`] : []),
        ].join(
          ' and ',
        )}. Then ${scaledA} ${sign} ${scaledB} = ${raw[0]}, giving ${show(raw)}.${reduced || ` So the answer is ${show(answer)}.`}`;
    return {
      questionText: `What is ${show(a)} ${sign} ${show(b)}? Give the answer in its simplest form.`,
      ...choose<Fraction>(rng, {
        answer,
        // Numerator with numerator and denominator with denominator; the other operation; off by one.
        mistakes: [
          [Math.abs(apply(a[0], b[0])), op === '+' ? a[1] + b[1] : Math.abs(a[1] - b[1]) || a[1]],
          [Math.abs(apply(a[0], b[0])), common],
          [op === '+' ? scaledA - scaledB : scaledA + scaledB, common],
          [raw[0] + 1, common],
        ].map((fraction) => simplest(fraction as Fraction)),
        near: (step) => simplest([raw[0] + step, common]),
        format: show,
        key: byValue,
        valid: sensible,
      }),
      explanation,
      data: { kind: 'fraction-sum', op, a, b },
    };
  };
}

export const fractionsLike: MathsGenerator = {
  id: 'fractions-like',
  topic: 'fractions',
  grades: gradesFrom('c-5', 'c-7'),
  generate: fractionSum(true),
};

export const fractionsUnlike: MathsGenerator = {
  id: 'fractions-unlike',
  topic: 'fractions',
  grades: gradesFrom('c-6', 'c-8'),
  generate: fractionSum(false),
};
