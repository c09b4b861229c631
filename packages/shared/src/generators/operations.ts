import { choose, nearNumber } from './choices.ts';
import { formatNumber, MINUS } from './format.ts';
import { classOf, gradesFrom, type MathsGrade } from './grades.ts';
import { pickChild } from './people.ts';
import type { Rng } from './rng.ts';
import type { MathsGenerator } from './types.ts';

const COLUMN = ['Ones', 'Tens', 'Hundreds', 'Thousands', 'Ten thousands', 'Lakhs'];

/** Digits from the ones up: 482 → [2, 8, 4]. */
export function digitsOf(n: number): number[] {
  return [...String(n)].reverse().map(Number);
}

function fromDigits(digits: readonly number[]): number {
  return digits.reduce((total, digit, place) => total + digit * 10 ** place, 0);
}

/** Adds column by column without carrying, writing the top column in full: 78 + 45 → 113. */
function addWithoutCarrying(a: number, b: number): number {
  const left = digitsOf(a);
  const right = digitsOf(b);
  const width = Math.max(left.length, right.length);
  let total = 0;
  for (let place = 0; place < width; place += 1) {
    const sum = (left[place] ?? 0) + (right[place] ?? 0);
    total += (place === width - 1 ? sum : sum % 10) * 10 ** place;
  }
  return total;
}

/** Takes the smaller digit from the larger in every column: 53 − 28 → 35. */
function subtractSmallerFromLarger(a: number, b: number): number {
  const left = digitsOf(a);
  const right = digitsOf(b);
  return fromDigits(left.map((digit, place) => Math.abs(digit - (right[place] ?? 0))));
}

function hasCarry(a: number, b: number): boolean {
  return addWithoutCarrying(a, b) !== a + b;
}

function hasBorrow(a: number, b: number): boolean {
  const right = digitsOf(b);
  return digitsOf(a).some((digit, place) => digit < (right[place] ?? 0));
}

const PICTURES = [
  { emoji: '🎈', things: 'balloons' },
  { emoji: '🍌', things: 'bananas' },
  { emoji: '🖍️', things: 'crayons' },
  { emoji: '🐦', things: 'birds' },
  { emoji: '🍬', things: 'sweets' },
  { emoji: '🪁', things: 'kites' },
] as const;

function addLimit(grade: MathsGrade): number {
  return ({ Nursery: 5, 'Jr-Kg': 9, 'Sr-Kg': 10 } as Partial<Record<MathsGrade, number>>)[grade] ?? 20;
}

export const addBasic: MathsGenerator = {
  id: 'add-basic',
  topic: 'operations',
  grades: gradesFrom('Nursery', 'c-1'),
  generate(rng, grade) {
    let a: number;
    let b: number;
    if (grade === 'c-1' && rng.chance(0.5)) {
      // Class 1: tens and ones without carrying (23 + 14).
      do {
        a = rng.int(11, 79);
        b = rng.int(1, 20);
      } while (hasCarry(a, b) || a + b > 99);
    } else {
      const limit = addLimit(grade);
      a = rng.int(1, limit - 1);
      b = rng.int(1, limit - a);
    }
    const sum = a + b;
    let questionText = `What is ${a} + ${b}?`;
    if (classOf(grade) <= 0 && a >= 2 && rng.chance(0.5)) {
      const child = pickChild(rng);
      const picture = rng.pick(PICTURES);
      questionText = `${child.name} has ${a} ${picture.things}. ${child.she} gets ${b} more. How many now?`;
    }
    // Count on from the bigger number; past 10, make a ten first (8 + 5: 8 + 2 = 10, then 3 more).
    const [big, small] = a >= b ? [a, b] : [b, a];
    const toTen = 10 - big;
    const explanation =
      sum > 10 && sum <= 20 && big < 10 && small > 2
        ? `Make a ten: ${big} + ${toTen} = 10, and ${small} ${MINUS} ${toTen} = ${small - toTen} more make ${sum}. So ${a} + ${b} = ${sum}.`
        : sum <= 20
          ? `Start at ${big} and count on ${small}: ${Array.from({ length: small }, (_, index) => big + index + 1).join(', ')}. So ${a} + ${b} = ${sum}.`
          : `Add the ones: ${a % 10} + ${b % 10} = ${(a % 10) + (b % 10)}. Add the tens: ${Math.floor(a / 10)} + ${Math.floor(b / 10)} = ${Math.floor(sum / 10)}. So ${a} + ${b} = ${sum}.`;
    return {
      questionText,
      ...choose(rng, {
        answer: sum,
        mistakes: sum > 20 ? [sum + 10, sum - 10, sum - 1] : [sum - 1, sum + 1, a],
        near: nearNumber(sum),
        format: String,
        valid: (value) => value >= 1,
      }),
      explanation,
      data: { kind: 'add', a, b },
    };
  },
};

/** Column by column with carrying, in the words of the grade. */
export function carryingSteps(
  a: number,
  b: number,
  young: boolean,
  names: readonly string[] = COLUMN,
): string {
  const left = digitsOf(a);
  const right = digitsOf(b);
  const width = Math.max(left.length, right.length);
  const steps: string[] = [];
  let carry = 0;
  for (let place = 0; place < width; place += 1) {
    const parts = [...(carry ? [carry] : []), left[place] ?? 0, right[place] ?? 0];
    const sum = parts.reduce((total, part) => total + part, 0);
    const name = names[place] ?? '';
    const column = `${parts.join(' + ')} = ${sum}`;
    if (young) {
      steps.push(
        sum >= 10 && place < width - 1
          ? `Add the ${name.toLowerCase()}: ${column}. Write ${sum % 10} and carry 1 to the ${(names[place + 1] ?? '').toLowerCase()}.`
          : `Add the ${name.toLowerCase()}: ${column}.`,
      );
    } else {
      steps.push(
        sum >= 10 && place < width - 1
          ? `${name}: ${column}, write ${sum % 10}, carry 1.`
          : `${name}: ${column}.`,
      );
    }
    carry = sum >= 10 ? 1 : 0;
  }
  return steps.join(' ');
}

function columnRange(grade: MathsGrade): [number, number] {
  const level = classOf(grade);
  return level <= 2 ? [10, 99] : level === 3 ? [100, 999] : level === 4 ? [1000, 9999] : [10_000, 99_999];
}

export const addCarry: MathsGenerator = {
  id: 'add-carry',
  topic: 'operations',
  grades: gradesFrom('c-2', 'c-5'),
  generate(rng, grade) {
    const [low, high] = columnRange(grade);
    const young = classOf(grade) <= 3;
    let a: number;
    let b: number;
    do {
      a = rng.int(low, high);
      b = rng.int(classOf(grade) === 2 ? 10 : Math.floor(low / 10), high);
    } while (!hasCarry(a, b) || a + b > (classOf(grade) === 2 ? 99 : high * 2));
    const sum = a + b;
    return {
      questionText: `What is ${formatNumber(a)} + ${formatNumber(b)}?`,
      ...choose(rng, {
        answer: sum,
        mistakes: [addWithoutCarrying(a, b), sum + 10, sum - 10, sum - 1],
        near: nearNumber(sum, rng.pick([1, 10, 100].filter((unit) => unit < sum))),
        format: formatNumber,
        valid: (value) => value > 0 && String(value).length >= String(sum).length - 1,
      }),
      explanation: `${carryingSteps(a, b, young)} So ${formatNumber(a)} + ${formatNumber(b)} = ${formatNumber(sum)}.`,
      data: { kind: 'add', a, b },
    };
  },
};

export const subtractBasic: MathsGenerator = {
  id: 'sub-basic',
  topic: 'operations',
  grades: gradesFrom('Sr-Kg', 'c-1'),
  generate(rng, grade) {
    let a: number;
    let b: number;
    if (grade === 'c-1' && rng.chance(0.5)) {
      do {
        a = rng.int(21, 99);
        b = rng.int(1, a - 10);
      } while (hasBorrow(a, b));
    } else {
      a = rng.int(3, grade === 'c-1' ? 20 : 10);
      b = rng.int(1, a - 1);
    }
    const difference = a - b;
    let questionText = `What is ${a} ${MINUS} ${b}?`;
    if (grade === 'Sr-Kg' && rng.chance(0.5)) {
      const child = pickChild(rng);
      const picture = rng.pick(PICTURES);
      questionText = `${child.name} has ${a} ${picture.things}. ${child.she} gives away ${b}. How many are left?`;
    }
    const ones = a % 10;
    const explanation =
      a <= 10 || b <= 5
        ? `Start at ${a} and count back ${b}: ${Array.from({ length: b }, (_, index) => a - index - 1).join(', ')}. So ${a} ${MINUS} ${b} = ${difference}.`
        : a <= 20 && b >= 10
          ? `Take away 10: ${a} ${MINUS} 10 = ${a - 10}. Take away ${b - 10} more: ${a - 10} ${MINUS} ${b - 10} = ${difference}. So ${a} ${MINUS} ${b} = ${difference}.`
          : a === 20
            ? `Think of 20 as 10 + 10: 10 ${MINUS} ${b} = ${10 - b}, and 10 + ${10 - b} = ${difference}. So ${a} ${MINUS} ${b} = ${difference}.`
            : a <= 20 && b > ones
              ? `Take away ${ones} to reach 10, then ${b - ones} more: 10 ${MINUS} ${b - ones} = ${difference}. So ${a} ${MINUS} ${b} = ${difference}.`
              : a <= 20
                ? `Take away the ones: ${ones} ${MINUS} ${b} = ${ones - b}. So ${a} ${MINUS} ${b} = ${difference}.`
                : `Take away the ones: ${a % 10} ${MINUS} ${b % 10} = ${(a % 10) - (b % 10)}. Take away the tens: ${Math.floor(a / 10)} ${MINUS} ${Math.floor(b / 10)} = ${Math.floor(difference / 10)}. So ${a} ${MINUS} ${b} = ${difference}.`;
    return {
      questionText,
      ...choose(rng, {
        answer: difference,
        mistakes:
          a > 20
            ? [difference + 10, difference - 10, difference + 1]
            : [difference + 1, difference - 1, a + b],
        near: nearNumber(difference),
        format: String,
        valid: (value) => value >= 0,
      }),
      explanation,
      data: { kind: 'subtract', a, b },
    };
  },
};

export function borrowingSteps(
  a: number,
  b: number,
  young: boolean,
  names: readonly string[] = COLUMN,
): string {
  const left = digitsOf(a);
  const right = digitsOf(b);
  const steps: string[] = [];
  let lent = 0;
  for (let place = 0; place < left.length; place += 1) {
    const digit = left[place] ?? 0;
    const bottom = right[place] ?? 0;
    const name = names[place] ?? '';
    const next = (names[place + 1] ?? '').toLowerCase().replace(/s$/, '');
    if (place === left.length - 1 && digit - lent === 0 && bottom === 0) break;
    let top = digit - lent;
    let step = `${name}: `;
    if (top < 0) {
      // A 0 that has to lend first borrows 10 itself: after lending 1 it stands at 9.
      step += young ? `0 borrows 1 ${next} and lends 1, so it is now 9. ` : '0 becomes 9, ';
      top = 9;
      lent = 1;
    } else {
      if (young && lent) step += `${digit} lent 1, so it is now ${top}. `;
      lent = 0;
    }
    if (top < bottom) {
      step += young
        ? `${top} is less than ${bottom}, so borrow 1 ${next}: ${top + 10} ${MINUS} ${bottom} = ${top + 10 - bottom}.`
        : `borrow, ${top + 10} ${MINUS} ${bottom} = ${top + 10 - bottom}.`;
      lent = 1;
    } else {
      step += `${top} ${MINUS} ${bottom} = ${top - bottom}.`;
    }
    steps.push(step);
  }
  return steps.join(' ');
}

export const subtractBorrow: MathsGenerator = {
  id: 'sub-borrow',
  topic: 'operations',
  grades: gradesFrom('c-2', 'c-5'),
  generate(rng, grade) {
    const [low, high] = columnRange(grade);
    let a: number;
    let b: number;
    do {
      a = rng.int(low + Math.floor(low / 2), high);
      b = rng.int(Math.floor(low / 2), a - 1);
    } while (!hasBorrow(a, b) || a - b < 10);
    const difference = a - b;
    return {
      questionText: `What is ${formatNumber(a)} ${MINUS} ${formatNumber(b)}?`,
      ...choose(rng, {
        answer: difference,
        mistakes: [subtractSmallerFromLarger(a, b), difference + 10, difference - 10, difference + 1],
        near: nearNumber(difference, rng.pick([1, 10])),
        format: formatNumber,
        valid: (value) => value > 0,
      }),
      explanation: `${borrowingSteps(a, b, classOf(grade) <= 3)} So ${formatNumber(a)} ${MINUS} ${formatNumber(b)} = ${formatNumber(difference)}.`,
      data: { kind: 'subtract', a, b },
    };
  },
};

export const missingNumber: MathsGenerator = {
  id: 'missing-number',
  topic: 'operations',
  grades: gradesFrom('c-1', 'c-4'),
  generate(rng, grade) {
    const level = classOf(grade);
    const limit = level === 1 ? 20 : level === 2 ? 99 : level === 3 ? 999 : 9999;
    const op = rng.pick(['+', '-'] as const);
    const first = rng.int(level === 1 ? 1 : 10, Math.floor(limit / 2));
    const second = rng.int(level === 1 ? 1 : 10, limit - first);
    const total = first + second;
    const boxFirst = rng.chance(0.5);
    const box = '☐';
    let equation: string;
    let answer: number;
    let working: string;
    let mistakes: number[];
    let data: { a: number | null; b: number | null; result: number };
    const [f, s, t] = [formatNumber(first), formatNumber(second), formatNumber(total)];
    if (op === '+') {
      // ☐ + s = t or f + ☐ = t: the box is t − (the other).
      answer = boxFirst ? first : second;
      const other = boxFirst ? second : first;
      equation = boxFirst ? `${box} + ${s} = ${t}` : `${f} + ${box} = ${t}`;
      working = `${box} = ${t} ${MINUS} ${formatNumber(other)} = ${formatNumber(answer)}. Check: ${f} + ${s} = ${t}.`;
      mistakes = [total + other, answer + 1, answer - 1, answer + 10];
      data = boxFirst ? { a: null, b: second, result: total } : { a: first, b: null, result: total };
    } else if (boxFirst) {
      // ☐ − s = f: the box is f + s.
      answer = total;
      equation = `${box} ${MINUS} ${s} = ${f}`;
      working = `${box} = ${f} + ${s} = ${t}. Check: ${t} ${MINUS} ${s} = ${f}.`;
      mistakes = [Math.abs(first - second), total + 10, total - 10, total + 1];
      data = { a: null, b: second, result: first };
    } else {
      // t − ☐ = f: the box is t − f.
      answer = second;
      equation = `${t} ${MINUS} ${box} = ${f}`;
      working = `${box} = ${t} ${MINUS} ${f} = ${s}. Check: ${t} ${MINUS} ${s} = ${f}.`;
      mistakes = [total + first, second + 1, second - 1, second + 10];
      data = { a: total, b: null, result: first };
    }
    return {
      questionText: `What number goes in the box? ${equation}`,
      ...choose(rng, {
        answer,
        mistakes,
        near: nearNumber(answer),
        format: formatNumber,
        valid: (value) => value > 0,
      }),
      explanation: working,
      data: { kind: 'missing-number', op, ...data },
    };
  },
};

function countIn(a: number, b: number): string {
  return Array.from({ length: b }, (_, index) => a * (index + 1)).join(', ');
}

export const timesTables: MathsGenerator = {
  id: 'times-tables',
  topic: 'operations',
  grades: gradesFrom('c-2', 'c-4'),
  generate(rng, grade) {
    const a = classOf(grade) === 2 ? rng.pick([2, 3, 4, 5, 10]) : rng.int(2, 10);
    const b = rng.int(classOf(grade) === 2 ? 1 : 2, 10);
    const product = a * b;
    let questionText = `What is ${a} × ${b}?`;
    if (b >= 2 && rng.chance(0.4)) {
      const child = pickChild(rng);
      questionText = `${child.name} has ${b} bags with ${a} mangoes in each. How many mangoes in all?`;
    }
    return {
      questionText,
      ...choose(rng, {
        answer: product,
        mistakes: [a * (b + 1), a * (b - 1), a + b, (a + 1) * b],
        near: nearNumber(product),
        format: String,
        valid: (value) => value > 0,
      }),
      explanation: `${b} ${b === 1 ? 'group' : 'groups'} of ${a}: count in ${a}s: ${countIn(a, b)}. So ${a} × ${b} = ${product}.`,
      data: { kind: 'multiply', a, b },
    };
  },
};

/** Multiplies digit by digit without carrying, writing the top product in full: 47 × 6 → 242. */
function multiplyWithoutCarrying(a: number, digit: number): number {
  const digits = digitsOf(a);
  return digits.reduce((total, d, place) => {
    const product = d * digit;
    return total + (place === digits.length - 1 ? product : product % 10) * 10 ** place;
  }, 0);
}

export const multiply: MathsGenerator = {
  id: 'multiply',
  topic: 'operations',
  grades: gradesFrom('c-4', 'c-6'),
  generate(rng, grade) {
    const level = classOf(grade);
    const a = level === 4 ? rng.int(12, 99) : rng.int(102, 999);
    let b = level === 4 && rng.chance(0.5) ? rng.int(3, 9) : rng.int(12, 99);
    if (b % 10 === 0) b += rng.int(1, 9);
    const product = a * b;
    const [fa, fb, fp] = [formatNumber(a), formatNumber(b), formatNumber(product)];
    let explanation: string;
    let mistakes: number[];
    if (b < 10) {
      const tens = a - (a % 10);
      explanation = `Split ${fa} into ${formatNumber(tens)} + ${a % 10}: ${formatNumber(tens)} × ${b} = ${formatNumber(tens * b)} and ${a % 10} × ${b} = ${(a % 10) * b}. Add: ${formatNumber(tens * b)} + ${(a % 10) * b} = ${fp}.`;
      mistakes = [multiplyWithoutCarrying(a, b), product + a, product - a, product + 10];
    } else {
      const ones = b % 10;
      const tens = b - ones;
      explanation = `Multiply by the ones: ${fa} × ${ones} = ${formatNumber(a * ones)}. Multiply by the tens: ${fa} × ${tens} = ${formatNumber(a * tens)}. Add: ${formatNumber(a * ones)} + ${formatNumber(a * tens)} = ${fp}.`;
      // Forgetting the zero when multiplying by the tens; one group too many or too few.
      mistakes = [a * ones + a * (tens / 10), product + a, product - a, product + 100];
    }
    return {
      questionText: `What is ${fa} × ${fb}?`,
      ...choose(rng, {
        answer: product,
        mistakes,
        near: nearNumber(product, 10),
        format: formatNumber,
        valid: (value) => value > 0,
      }),
      explanation,
      data: { kind: 'multiply', a, b },
    };
  },
};

function divisionSize(rng: Rng, grade: MathsGrade): { divisor: number; quotient: number; remainder: number } {
  const level = classOf(grade);
  if (level === 3) return { divisor: rng.int(2, 10), quotient: rng.int(2, 10), remainder: 0 };
  const withRemainder = rng.chance(0.5);
  const divisor = level === 4 ? rng.int(2, 9) : level === 5 ? rng.int(3, 25) : rng.int(11, 60);
  const quotient = level === 4 ? rng.int(11, 99) : level === 5 ? rng.int(21, 250) : rng.int(21, 400);
  return { divisor, quotient, remainder: withRemainder ? rng.int(1, divisor - 1) : 0 };
}

/** "408 ÷ 4 = 12": the quotient with its inner zeros dropped. */
function withoutInnerZeros(n: number): number {
  return Number(String(n).replace(/(?<=\d)0(?=\d)/g, ''));
}

export const divide: MathsGenerator = {
  id: 'divide',
  topic: 'operations',
  grades: gradesFrom('c-3', 'c-6'),
  generate(rng, grade) {
    const { divisor, quotient, remainder } = divisionSize(rng, grade);
    const dividend = divisor * quotient + remainder;
    const [fd, fq, fr] = [formatNumber(dividend), formatNumber(quotient), formatNumber(remainder)];
    const data = { kind: 'divide', dividend, divisor } as const;
    if (remainder === 0) {
      return {
        questionText: `What is ${fd} ÷ ${divisor}?`,
        ...choose(rng, {
          answer: quotient,
          mistakes: [withoutInnerZeros(quotient), quotient + 1, quotient - 1, quotient + 10],
          near: nearNumber(quotient),
          format: formatNumber,
          valid: (value) => value > 0,
        }),
        explanation: `${divisor} × ${fq} = ${fd}, so ${fd} ÷ ${divisor} = ${fq}.`,
        data,
      };
    }
    const format = ([q, r]: [number, number]) => `Quotient ${formatNumber(q)}, remainder ${formatNumber(r)}`;
    return {
      questionText: `Divide ${fd} by ${divisor}. What are the quotient and the remainder?`,
      ...choose<[number, number]>(rng, {
        answer: [quotient, remainder],
        // One group too few leaves a remainder as big as the divisor; or the last step is off by one.
        mistakes: [
          [quotient - 1, remainder + divisor],
          [quotient + 1, remainder],
          [quotient, remainder + 1],
          [quotient, remainder - 1],
        ],
        near: (step) => [quotient + (step % 2 ? step : -step), remainder],
        format,
        valid: ([q, r]) => q > 0 && r > 0,
      }),
      explanation: `${divisor} × ${fq} = ${formatNumber(divisor * quotient)}, and ${fd} ${MINUS} ${formatNumber(divisor * quotient)} = ${fr}, which is less than ${divisor}. So the answer is quotient ${fq}, remainder ${fr}.`,
      data,
    };
  },
};
