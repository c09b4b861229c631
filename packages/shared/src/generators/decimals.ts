import { choose } from './choices.ts';
import { formatDecimal, formatNumber, MINUS } from './format.ts';
import { classOf, gradesFrom } from './grades.ts';
import { borrowingSteps, carryingSteps, digitsOf } from './operations.ts';
import type { MathsGenerator } from './types.ts';

const DECIMAL_PLACES = ['tenths', 'hundredths', 'thousandths'];

type Decimal = [units: number, places: number];
const showDecimal = ([units, places]: Decimal) => formatDecimal(units, places);

export const decimalPlaceValue: MathsGenerator = {
  id: 'decimal-place-value',
  topic: 'decimals',
  grades: gradesFrom('c-5', 'c-7'),
  generate(rng, grade) {
    const places = classOf(grade) === 5 ? 2 : rng.int(2, 3);
    // All digits different and none 0, so each digit names one place.
    const digits = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]).slice(0, places + 2);
    const units = Number(digits.join(''));
    const place = rng.int(1, places);
    const digit = digitsOf(units)[places - place] ?? 0;
    const ask = rng.pick(['digit', 'value'] as const);
    const shown = formatDecimal(units, places);
    const name = DECIMAL_PLACES[place - 1] ?? '';
    const data = { kind: 'decimal-place', units, places, place, ask } as const;
    if (ask === 'digit') {
      const others = digitsOf(units).filter((other) => other !== digit);
      return {
        questionText: `Which digit is in the ${name} place of ${shown}?`,
        ...choose(rng, {
          answer: digit,
          mistakes: rng.shuffle(others),
          near: (step) => step,
          format: String,
        }),
        explanation: `After the decimal point come tenths, then hundredths, then thousandths. In ${shown} the ${name} digit is ${digit}.`,
        data,
      };
    }
    const answer: Decimal = [digit, place];
    return {
      questionText: `What is the value of the digit ${digit} in ${shown}?`,
      ...choose<Decimal>(rng, {
        answer,
        // One place too far or too near, or the digit read as a whole number.
        mistakes: [
          [digit, place + 1],
          [digit, place - 1],
          [digit, 0],
          [digit, place + 2],
        ],
        near: (step) => [digit * 10 ** step, 0],
        format: showDecimal,
        key: showDecimal,
      }),
      explanation: `${digit} is in the ${name} place, so its value is ${digit} ${digit === 1 ? name.replace(/s$/, '') : name} = ${showDecimal(answer)}.`,
      data,
    };
  },
};

const DECIMAL_COLUMNS = (places: number) =>
  [...DECIMAL_PLACES.slice(0, places).reverse(), 'Ones', 'Tens', 'Hundreds', 'Thousands'].map(
    (name) => name.charAt(0).toUpperCase() + name.slice(1),
  );

export const decimalsAdd: MathsGenerator = {
  id: 'decimals-add',
  topic: 'decimals',
  grades: gradesFrom('c-5', 'c-8'),
  generate(rng, grade) {
    const level = classOf(grade);
    const op = rng.pick(['+', '-'] as const);
    const placesA = rng.int(1, 2);
    const placesB = level === 5 ? placesA : rng.int(1, 2);
    const places = Math.max(placesA, placesB);
    const limit = level === 5 ? 100 : 1000;
    let a: number;
    let b: number;
    let shownA: number;
    let shownB: number;
    do {
      // Written with their own number of decimal places (no trailing 0), worked with the longer one.
      shownA = rng.int(10 ** placesA, limit * 10 ** placesA - 1);
      shownB = rng.int(10 ** placesB, (limit / 10) * 10 ** placesB - 1);
      a = shownA * 10 ** (places - placesA);
      b = shownB * 10 ** (places - placesB);
    } while (shownA % 10 === 0 || shownB % 10 === 0 || (op === '-' && a - b < 10 ** places));
    const result = op === '+' ? a + b : a - b;
    const [fa, fb] = [formatDecimal(a, places), formatDecimal(b, places)];
    const padded = (units: number) => {
      const whole = Math.floor(units / 10 ** places);
      return `${formatNumber(whole)}.${String(units % 10 ** places).padStart(places, '0')}`;
    };
    const lineUp =
      placesA !== placesB
        ? `Line up the points: ${padded(a)} ${op === '+' ? '+' : MINUS} ${padded(b)}. `
        : '';
    const steps =
      op === '+'
        ? carryingSteps(a, b, false, DECIMAL_COLUMNS(places))
        : borrowingSteps(a, b, false, DECIMAL_COLUMNS(places));
    const sign = op === '+' ? '+' : MINUS;
    const tenth = 10 ** (places - 1);
    return {
      questionText: `What is ${fa} ${sign} ${fb}?`,
      ...choose<number>(rng, {
        answer: result,
        // A carry or borrow missed at the point, a column off by one, the other operation.
        mistakes: [
          result + (op === '+' ? -1 : 1) * 10 ** places,
          result + tenth,
          result - tenth,
          result + 10 ** places,
        ],
        near: (step) => result + (step % 2 ? 1 : -1) * Math.ceil(step / 2) * (step > 4 ? 10 ** places : 1),
        format: (units) => formatDecimal(units, places),
        valid: (units) => units > 0,
      }),
      explanation: `${lineUp}${steps} So ${fa} ${sign} ${fb} = ${formatDecimal(result, places)}.`,
      data: { kind: 'decimal-sum', op, a, b, places },
    };
  },
};
