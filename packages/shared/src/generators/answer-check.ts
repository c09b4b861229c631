/**
 * For tests only: works each generated question's answer out again from its data, and reads the
 * options back from their text, written apart from the generators (no shared helpers) so a slip
 * in one is caught by the other.
 */
import type { GeneratedQuestion } from './types.ts';

const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, useGrouping: true });

function gcdOf(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcdOf(b, a % b);
}

/** An exact rational as a key: "7/8", "-3/1". */
function ratio(numerator: number, denominator: number): string {
  const sign = Math.sign(numerator) * Math.sign(denominator) < 0 ? '-' : '';
  const g = gcdOf(Math.abs(numerator), Math.abs(denominator));
  return `${sign}${Math.abs(numerator) / g}/${Math.abs(denominator) / g}`;
}

/** A whole number as the app must print it: Indian grouping (checked against Intl en-IN), U+2212 minus. */
export function readWhole(text: string): number {
  const negative = text.startsWith('\u2212');
  const digits = negative ? text.slice(1) : text;
  if (!/^[\d,]+$/.test(digits)) throw new Error(`not a whole number: "${text}"`);
  const value = Number(digits.replaceAll(',', ''));
  if (indian.format(value) !== digits) throw new Error(`not in Indian grouping: "${text}"`);
  return negative ? -value : value;
}

/** "16.25", "1,234.5", "0.04", "−3": an exact rational key. */
function readDecimal(text: string): string {
  const match = /^(\u2212?[\d,]+)(?:\.(\d+))?$/.exec(text);
  if (!match?.[1]) throw new Error(`not a decimal: "${text}"`);
  const whole = readWhole(match[1]);
  const fraction = match[2] ?? '';
  if (fraction.endsWith('0')) throw new Error(`trailing zero in "${text}"`);
  const scale = 10 ** fraction.length;
  const sign = whole < 0 || match[1].startsWith('\u2212') ? -1 : 1;
  return ratio(sign * (Math.abs(whole) * scale + Number(fraction || '0')), scale);
}

function readFraction(text: string): string {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`not a fraction: "${text}"`);
  return ratio(Number(match[1]), Number(match[2]));
}

const WORD_VALUES: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { crore: 10_000_000, lakh: 100_000, thousand: 1000 };

/** "Three lakh forty-five thousand two hundred ten" → 345210. */
export function readNumberName(text: string): number {
  let total = 0;
  let group = 0;
  let lastScale = Infinity;
  for (const word of text.toLowerCase().split(' ')) {
    if (word === 'hundred') {
      group *= 100;
    } else if (word in SCALES) {
      const scale = SCALES[word] ?? 0;
      if (scale >= lastScale || group === 0) throw new Error(`bad order in "${text}"`);
      total += group * scale;
      group = 0;
      lastScale = scale;
    } else {
      const parts = word.split('-');
      for (const part of parts) {
        const value = WORD_VALUES[part];
        if (value === undefined) throw new Error(`unknown word "${part}" in "${text}"`);
        group += value;
      }
    }
  }
  return total + group;
}

function readClock(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a clock time: "${text}"`);
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour < 1 || hour > 12 || minute > 59) throw new Error(`no such time on a clock face: "${text}"`);
  return (hour % 12) * 60 + minute;
}

function readClock24(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a 24-hour time: "${text}"`);
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) throw new Error(`no such 24-hour time: "${text}"`);
  return hour * 60 + minute;
}

function readClockHalf(text: string): number {
  if (text === '12 noon') return 720;
  if (text === '12 midnight') return 0;
  const match = /^(\d{1,2}:\d{2}) (a\.m\.|p\.m\.)$/.exec(text);
  if (!match?.[1]) throw new Error(`not an a.m./p.m. time: "${text}"`);
  return readClock(match[1]) + (match[2] === 'p.m.' ? 720 : 0);
}

function readDuration(text: string): number {
  const match = /^(?:(\d+) hours?)?(?: ?(\d+) minutes?)?$/.exec(text);
  if (!match || (!match[1] && !match[2])) throw new Error(`not a duration: "${text}"`);
  const [hours, minutes] = [Number(match[1] ?? 0), Number(match[2] ?? 0)];
  if (minutes > 59) throw new Error(`more than 59 minutes in "${text}"`);
  if ((hours === 1) !== /\b1 hour\b/.test(text) && match[1]) throw new Error(`hour/hours wrong in "${text}"`);
  return hours * 60 + minutes;
}

function readRupees(text: string): number {
  const match = /^₹([\d,]+)(?:\.(\d{2}))?$/.exec(text);
  if (!match?.[1]) throw new Error(`not an amount in rupees: "${text}"`);
  return readWhole(match[1]) * 100 + Number(match[2] ?? '0');
}

function readPaise(text: string): number {
  const match = /^([\d,]+) paise$/.exec(text);
  if (!match?.[1]) throw new Error(`not paise: "${text}"`);
  return readWhole(match[1]);
}

const UNIT_SIZES: Record<string, Record<string, number>> = {
  cm: { m: 100, cm: 1 },
  m: { km: 1000, m: 1 },
  g: { kg: 1000, g: 1 },
  mL: { L: 1000, mL: 1 },
  mm: { cm: 10, mm: 1 },
};

/** "2 kg 500 g", "2.5 kg", "345 cm" → the quantity in the small unit. */
function readQuantity(text: string, small: string): number {
  const sizes = UNIT_SIZES[small] ?? {};
  const match = /^([\d,.]+) ([A-Za-z]+)(?: ([\d,]+) ([A-Za-z]+))?$/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`not a quantity: "${text}"`);
  const [first, firstUnit, second, secondUnit] = [match[1], match[2], match[3], match[4]];
  const firstSize = sizes[firstUnit];
  if (firstSize === undefined) throw new Error(`unexpected unit in "${text}"`);
  const [numerator, denominator] = readDecimal(first).split('/').map(Number) as [number, number];
  const amount = (numerator * firstSize) / denominator;
  if (!Number.isInteger(amount)) throw new Error(`not a whole number of ${small}: "${text}"`);
  if (second === undefined) return amount;
  if (secondUnit !== small || firstUnit === small) throw new Error(`bad mixed units in "${text}"`);
  const part = readWhole(second);
  if (part >= firstSize) throw new Error(`the small part is too big in "${text}"`);
  return amount + part;
}

function readEquationAnswer(text: string, variable: string): number {
  const prefix = `${variable} = `;
  if (!text.startsWith(prefix)) throw new Error(`not "${prefix}…": "${text}"`);
  return readWhole(text.slice(prefix.length));
}

function readRoots(text: string): string {
  const match = /^x = (\u2212?\d+) or x = (\u2212?\d+)$/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`not two roots: "${text}"`);
  const [low, high] = [readWhole(match[1]), readWhole(match[2])];
  if (low >= high) throw new Error(`roots not in order: "${text}"`);
  return `${low},${high}`;
}

/** The correct answer's key, worked out from the question's data alone. */
export function expectedKey(question: GeneratedQuestion): string {
  const data = question.data;
  switch (data.kind) {
    case 'count':
      return String(data.count);
    case 'neighbour':
      return String(
        data.direction === 'after' ? data.n + 1 : data.direction === 'before' ? data.n - 1 : data.n,
      );
    case 'compare':
      return String(data.want === 'greatest' ? Math.max(...data.numbers) : Math.min(...data.numbers));
    case 'place-value':
      return String((Math.floor(data.n / 10 ** data.place) % 10) * 10 ** data.place);
    case 'number-name':
      return String(data.n);
    case 'add':
      return String(data.a + data.b);
    case 'subtract':
      return String(data.a - data.b);
    case 'missing-number':
      if (data.op === '+') return String(data.result - (data.a ?? data.b ?? NaN));
      return String(data.a === null ? data.result + (data.b ?? NaN) : data.a - data.result);
    case 'multiply':
      return String(data.a * data.b);
    case 'divide': {
      const remainder = data.dividend % data.divisor;
      const quotient = (data.dividend - remainder) / data.divisor;
      return remainder === 0 ? String(quotient) : `${quotient} r ${remainder}`;
    }
    case 'fraction-of-whole':
      return ratio(data.ask === 'taken' ? data.taken : data.parts - data.taken, data.parts);
    case 'fraction-of-number':
      return String((data.whole / data.denominator) * data.numerator);
    case 'equivalent-fraction':
      return ratio(data.numerator, data.denominator);
    case 'fraction-sum': {
      const [[an, ad], [bn, bd]] = [data.a, data.b];
      return ratio(data.op === '+' ? an * bd + bn * ad : an * bd - bn * ad, ad * bd);
    }
    case 'decimal-place': {
      const digit = Math.floor(data.units / 10 ** (data.places - data.place)) % 10;
      return data.ask === 'digit' ? String(digit) : ratio(digit, 10 ** data.place);
    }
    case 'decimal-sum':
      return ratio(data.op === '+' ? data.a + data.b : data.a - data.b, 10 ** data.places);
    case 'clock-add':
      return String((((data.start + data.minutes) % 720) + 720) % 720);
    case 'duration':
      return String(data.end - data.start);
    case 'clock-24':
      return String(data.minutes);
    case 'money':
      switch (data.variant) {
        case 'add':
          return String(data.paise + data.other);
        case 'change':
          return String(data.other - data.paise);
        case 'to-paise':
          return String(data.paise);
        case 'times':
          return String(data.paise * data.other);
      }
      break;
    case 'convert':
      return String(data.amount);
    case 'linear-equation':
      return String((data.right.c - data.left.c) / (data.left.x - data.right.x));
    case 'integer-op':
      return String(
        data.op === '+'
          ? data.a + data.b
          : data.op === '-'
            ? data.a - data.b
            : data.op === '×'
              ? data.a * data.b
              : data.a / data.b,
      );
    case 'percentage':
      switch (data.variant) {
        case 'of':
          return String((data.base * data.rate) / 100);
        case 'discount':
          return String(data.base - (data.base * data.rate) / 100);
        case 'change':
          return String((Math.abs(data.after - data.base) * 100) / data.base);
        case 'simple-interest':
          return String((data.base * data.rate * data.years) / 100);
        case 'compound-interest': {
          let amount = data.base;
          for (let year = 0; year < data.years; year += 1) amount = (amount * (100 + data.rate)) / 100;
          return String(amount - data.base);
        }
      }
      break;
    case 'quadratic': {
      const root = Math.sqrt(data.b * data.b - 4 * data.c);
      return [(-data.b - root) / 2, (-data.b + root) / 2].join(',');
    }
    case 'exponent': {
      const [base, m, n] = [BigInt(data.base), BigInt(data.m), BigInt(data.n)];
      const value =
        data.op === 'value'
          ? base ** m
          : data.op === '×'
            ? base ** m * base ** n
            : data.op === '÷'
              ? base ** m / base ** n
              : (base ** m) ** n;
      return value.toString();
    }
    case 'linear-pair': {
      // Cramer's rule.
      const [[a1, b1, c1], [a2, b2, c2]] = [data.first, data.second];
      const determinant = a1 * b2 - a2 * b1;
      return `${(c1 * b2 - c2 * b1) / determinant},${(a1 * c2 - a2 * c1) / determinant}`;
    }
  }
  throw new Error(`no recomputation for ${JSON.stringify(data)}`);
}

/** An option's key, read from its text alone (throws when the text is not well formed). */
export function optionKey(question: GeneratedQuestion, text: string): string {
  const data = question.data;
  switch (data.kind) {
    case 'number-name':
      return String(data.direction === 'to-words' ? readNumberName(text) : readWhole(text));
    case 'divide': {
      const match = /^Quotient ([\d,]+), remainder ([\d,]+)$/.exec(text);
      return match?.[1] && match[2]
        ? `${readWhole(match[1])} r ${readWhole(match[2])}`
        : String(readWhole(text));
    }
    case 'fraction-of-whole':
    case 'equivalent-fraction':
    case 'fraction-sum':
      return readFraction(text);
    case 'decimal-place':
      return data.ask === 'digit' ? String(readWhole(text)) : readDecimal(text);
    case 'decimal-sum':
      return readDecimal(text);
    case 'clock-add':
      return String(readClock(text));
    case 'duration':
      return String(readDuration(text));
    case 'clock-24':
      return String(data.to === '24-hour' ? readClock24(text) : readClockHalf(text));
    case 'money':
      return String(data.variant === 'to-paise' ? readPaise(text) : readRupees(text));
    case 'convert':
      return String(readQuantity(text, data.unit));
    case 'linear-equation':
      return String(readEquationAnswer(text, data.variable));
    case 'percentage':
      if (data.variant === 'change') {
        const match = /^(\d+)%$/.exec(text);
        if (!match) throw new Error(`not a percentage: "${text}"`);
        return String(Number(match[1]));
      }
      return String(text.startsWith('₹') ? readRupees(text) / 100 : readWhole(text));
    case 'quadratic':
      return readRoots(text);
    case 'exponent': {
      if (data.op === 'value') return String(readWhole(text));
      const match = /^(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
      if (!match?.[1] || !match[2]) throw new Error(`not a power: "${text}"`);
      const exponent = [...match[2]].map((digit) => '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(digit)).join('');
      return (BigInt(match[1]) ** BigInt(exponent)).toString();
    }
    case 'linear-pair': {
      const match = /^x = (\u2212?\d+), y = (\u2212?\d+)$/.exec(text);
      if (!match?.[1] || !match[2]) throw new Error(`not x and y: "${text}"`);
      return `${readWhole(match[1])},${readWhole(match[2])}`;
    }
    default:
      return String(readWhole(text));
  }
}
