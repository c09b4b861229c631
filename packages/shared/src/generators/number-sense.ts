import { choose, nearNumber } from './choices.ts';
import { capitalise, formatNumber, numberName } from './format.ts';
import { classOf, gradesFrom, type MathsGrade } from './grades.ts';
import type { Rng } from './rng.ts';
import type { MathsGenerator } from './types.ts';

const COUNTABLE = [
  { emoji: '🍎', one: 'apple', many: 'apples' },
  { emoji: '⭐', one: 'star', many: 'stars' },
  { emoji: '🐟', one: 'fish', many: 'fish' },
  { emoji: '🎈', one: 'balloon', many: 'balloons' },
  { emoji: '🌸', one: 'flower', many: 'flowers' },
  { emoji: '🥭', one: 'mango', many: 'mangoes' },
  { emoji: '🚗', one: 'car', many: 'cars' },
  { emoji: '⚽', one: 'ball', many: 'balls' },
  { emoji: '🦋', one: 'butterfly', many: 'butterflies' },
  { emoji: '🐥', one: 'chick', many: 'chicks' },
] as const;

export const countObjects: MathsGenerator = {
  id: 'count-objects',
  topic: 'number sense',
  grades: gradesFrom('Nursery', 'Sr-Kg'),
  generate(rng, grade) {
    const count = rng.int(2, grade === 'Nursery' ? 6 : 10);
    const item = rng.pick(COUNTABLE);
    // Groups of five, so a small child can count them without losing the place.
    const picture =
      count > 5 ? `${item.emoji.repeat(5)} ${item.emoji.repeat(count - 5)}` : item.emoji.repeat(count);
    const counting = Array.from({ length: count }, (_, index) => index + 1).join(', ');
    return {
      questionText: `How many ${item.many}? ${picture}`,
      ...choose(rng, {
        answer: count,
        mistakes: [count - 1, count + 1],
        near: nearNumber(count),
        format: String,
        valid: (value) => value >= 1,
      }),
      explanation: `Touch each one and count: ${counting}. There are ${count} ${item.many}.`,
      data: { kind: 'count', count, item: item.many },
    };
  },
};

/** Nursery to 10, Jr. Kg to 20, Sr. Kg to 50, Class 1 to 100, Class 2 to 999. */
function neighbourLimit(grade: MathsGrade): number {
  return (
    ({ Nursery: 10, 'Jr-Kg': 20, 'Sr-Kg': 50, 'c-1': 100 } as Partial<Record<MathsGrade, number>>)[grade] ??
    999
  );
}

export const numberNeighbours: MathsGenerator = {
  id: 'number-before-after',
  topic: 'number sense',
  grades: gradesFrom('Nursery', 'c-2'),
  generate(rng, grade) {
    const limit = neighbourLimit(grade);
    const direction = rng.pick(['after', 'before', 'between'] as const);
    // Class 1 and 2 often cross a ten (39 → 40), where children slip.
    const crossTen = classOf(grade) >= 1 && rng.chance(0.4);
    let n = rng.int(2, limit - 1);
    if (crossTen)
      n = Math.min(limit - 1, Math.max(11, Math.round(n / 10) * 10 + (direction === 'after' ? -1 : 0)));
    const answer = direction === 'after' ? n + 1 : direction === 'before' ? n - 1 : n;
    const text =
      direction === 'between'
        ? `What number comes between ${formatNumber(n - 1)} and ${formatNumber(n + 1)}?`
        : `What number comes just ${direction} ${formatNumber(n)}?`;
    const explanation =
      direction === 'after'
        ? `Count on by one from ${formatNumber(n)}: the next number is ${formatNumber(answer)}.`
        : direction === 'before'
          ? `Count back by one from ${formatNumber(n)}: the number before it is ${formatNumber(answer)}.`
          : `Count ${formatNumber(n - 1)}, ${formatNumber(n)}, ${formatNumber(n + 1)}: the number in the middle is ${formatNumber(answer)}.`;
    const mistakes =
      direction === 'after'
        ? [n - 1, n + 2, answer - 10, answer + 10]
        : direction === 'before'
          ? [n + 1, n - 2, answer + 10, answer - 10]
          : [n + 2, n - 2, n + 10];
    return {
      questionText: text,
      ...choose(rng, {
        answer,
        mistakes: classOf(grade) >= 1 ? mistakes : mistakes.slice(0, 2),
        near: nearNumber(answer),
        format: formatNumber,
        valid: (value) => value >= 0,
      }),
      explanation,
      data: { kind: 'neighbour', n, direction },
    };
  },
};

/** Digits count range for each grade: how big the numbers a child compares or reads are. */
function digitRange(grade: MathsGrade): [number, number] {
  const level = classOf(grade);
  if (level <= 2) return [Math.max(1, level), Math.max(2, level + 1)];
  if (level === 3) return [3, 4];
  if (level === 4) return [4, 5];
  if (level === 5) return [5, 6];
  return [6, 8];
}

function randomWithDigits(rng: Rng, digits: number): number {
  return rng.int(10 ** (digits - 1), 10 ** digits - 1);
}

function swapDigits(n: number, at: number): number {
  const digits = String(n).split('');
  const left = digits[at];
  const right = digits[at + 1];
  if (left === undefined || right === undefined) return n;
  digits[at] = right;
  digits[at + 1] = left;
  return Number(digits.join(''));
}

export const compareNumbers: MathsGenerator = {
  id: 'compare-numbers',
  topic: 'number sense',
  grades: gradesFrom('Nursery', 'c-5'),
  generate(rng, grade) {
    const level = classOf(grade);
    const small = level <= 0;
    const want = level === -2 || rng.chance(0.5) ? 'greatest' : 'smallest';
    const word = want === 'greatest' ? (small ? 'biggest' : 'greatest') : 'smallest';
    let answer: number;
    let candidates: number[];
    let inRange: (value: number) => boolean;
    if (small) {
      const limit = grade === 'Nursery' ? 10 : grade === 'Jr-Kg' ? 20 : 50;
      answer = want === 'greatest' ? rng.int(4, limit) : rng.int(1, limit - 3);
      inRange = (value) => value >= 1 && value <= limit;
      candidates = [answer - 1, answer + 1, answer - 2, answer + 2, answer - 3, answer + 3];
    } else {
      const [fewest, most] = digitRange(grade);
      const digits = rng.int(Math.max(2, fewest), most);
      const low = 10 ** (Math.max(2, fewest) - 1);
      const high = 10 ** most - 1;
      // Leave room below the greatest (or above the smallest) for three other numbers.
      const quarter = Math.floor((10 ** digits - 10 ** (digits - 1)) / 4);
      answer =
        want === 'greatest'
          ? rng.int(10 ** (digits - 1) + quarter, 10 ** digits - 1)
          : rng.int(10 ** (digits - 1), 10 ** digits - 1 - quarter);
      inRange = (value) => value >= low && value <= high;
      // Same digits in another order, a number with one digit fewer (or more) but bigger (or
      // smaller) digits: the mistakes of comparing digit by digit without counting digits first.
      candidates = Array.from({ length: digits - 1 }, (_, at) => swapDigits(answer, at));
      candidates.push(
        want === 'greatest'
          ? 10 ** (digits - 1) - rng.int(1, 10 ** (digits - 2))
          : 10 ** digits + rng.int(1, 10 ** (digits - 2)),
      );
      candidates.push(answer + (want === 'greatest' ? -1 : 1) * rng.int(1, 9) * 10 ** (digits - 2));
    }
    const beaten = (value: number) =>
      (want === 'greatest' ? value < answer : value > answer) && inRange(value);
    const { options, correctAnswerIndex } = choose(rng, {
      answer,
      mistakes: rng.shuffle(candidates),
      near: (step) => answer + (want === 'greatest' ? -step : step) * (small ? 1 : rng.int(1, 9)),
      format: formatNumber,
      valid: beaten,
    });
    const numbers = options.map((option) => Number(option.value.replaceAll(',', '')));
    const listed =
      answer < 1000
        ? `${options
            .slice(0, 3)
            .map((option) => option.value)
            .join(', ')} or ${options[3].value}`
        : options.map((option) => option.value).join(' or ');
    const ordered = [...numbers].sort((a, b) => (want === 'greatest' ? a - b : b - a)).map(formatNumber);
    const explanation = small
      ? `Count up: ${[...numbers].sort((a, b) => a - b).join(', ')}. The ${word} is ${answer}.`
      : `Count the digits first, then compare from the left. In order: ${ordered.join(want === 'greatest' ? ' < ' : ' > ')}. So the ${word} is ${formatNumber(answer)}.`;
    return {
      questionText: `Which number is the ${word}: ${listed}?`,
      options,
      correctAnswerIndex,
      explanation,
      data: { kind: 'compare', numbers, want },
    };
  },
};

const PLACE_NAMES = [
  'ones',
  'tens',
  'hundreds',
  'thousands',
  'ten thousands',
  'lakhs',
  'ten lakhs',
  'crores',
  'ten crores',
];

export const placeValue: MathsGenerator = {
  id: 'place-value',
  topic: 'number sense',
  grades: gradesFrom('c-2', 'c-6'),
  generate(rng, grade) {
    const [fewest, most] = digitRange(grade);
    for (;;) {
      const n = randomWithDigits(rng, rng.int(Math.max(2, fewest), most));
      const digits = String(n);
      // A digit that is not 0 and appears once, so "the 5" names one place.
      const places = [...digits]
        .map((digit, at) => ({ digit: Number(digit), place: digits.length - 1 - at }))
        .filter(({ digit }) => digit !== 0 && digits.split(String(digit)).length === 2);
      if (places.length === 0) continue;
      const { digit, place } = rng.pick(places);
      const answer = digit * 10 ** place;
      return {
        questionText: `What is the place value of ${digit} in ${formatNumber(n)}?`,
        ...choose(rng, {
          answer,
          mistakes: [digit, answer * 10, answer / 10, answer * 100].filter((value) =>
            Number.isInteger(value),
          ),
          near: (step) => answer * 10 ** (step + 1),
          format: formatNumber,
        }),
        explanation: `${digit} is in the ${PLACE_NAMES[place] ?? ''} place, so its value is ${digit} × ${formatNumber(10 ** place)} = ${formatNumber(answer)}.`,
        data: { kind: 'place-value', n, place },
      };
    }
  },
};

function withZeros(rng: Rng, digits: number): number {
  let text = String(rng.int(1, 9));
  for (let at = 1; at < digits; at += 1) text += rng.chance(0.3) ? '0' : String(rng.int(0, 9));
  return Number(text);
}

/** 3,45,210 → "3 lakh, 45 thousand and 210": how the number is read in its groups. */
function readInGroups(n: number): string {
  const groups: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) groups.push(`${crore} crore`);
  if (lakh) groups.push(`${lakh} lakh`);
  if (thousand) groups.push(`${thousand} thousand`);
  if (rest) groups.push(String(rest));
  return groups.length > 1
    ? `${groups.slice(0, -1).join(', ')} and ${groups.at(-1) ?? ''}`
    : (groups[0] ?? '');
}

export const numberNames: MathsGenerator = {
  id: 'number-names',
  topic: 'number sense',
  grades: gradesFrom('c-3', 'c-6'),
  generate(rng, grade) {
    const level = classOf(grade);
    const digits = level === 3 ? 4 : level === 4 ? 5 : level === 5 ? 6 : rng.int(7, 9);
    const n = withZeros(rng, digits);
    const direction = rng.pick(['to-words', 'to-digits'] as const);
    // Misreadings: two neighbouring digits swapped, a zero too many or too few.
    const mistakes = rng.shuffle([
      ...Array.from({ length: digits - 1 }, (_, at) => swapDigits(n, at)),
      n * 10,
      ...(n % 10 === 0 ? [n / 10] : []),
    ]);
    const spec = {
      answer: n,
      mistakes,
      near: (step: number) => n + (step % 2 ? 1 : -1) * 10 ** rng.int(0, digits - 2) * rng.int(1, 9),
      valid: (value: number) => value > 0 && value < 1_000_000_000 && Number.isInteger(value),
    };
    if (direction === 'to-words') {
      return {
        questionText: `How is ${formatNumber(n)} written in words?`,
        ...choose(rng, { ...spec, format: (value) => capitalise(numberName(value)) }),
        explanation: `Read it in groups: ${readInGroups(n)}. So ${formatNumber(n)} is ${numberName(n)}.`,
        data: { kind: 'number-name', n, direction },
      };
    }
    return {
      questionText: `Which number is ‘${numberName(n)}’?`,
      ...choose(rng, { ...spec, format: formatNumber }),
      explanation: `Write each group in its place: ${readInGroups(n)}. Together that is ${formatNumber(n)}.`,
      data: { kind: 'number-name', n, direction },
    };
  },
};
