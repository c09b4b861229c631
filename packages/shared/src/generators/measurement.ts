import { choose } from './choices.ts';
import { formatDecimal, formatNumber } from './format.ts';
import { classOf, gradesFrom } from './grades.ts';
import type { MathsGenerator } from './types.ts';

interface UnitPair {
  big: string;
  small: 'cm' | 'm' | 'g' | 'mL' | 'mm';
  bigName: string;
  smallName: string;
  factor: number;
  /** From which class the pair is taught. */
  from: number;
}

const PAIRS: readonly UnitPair[] = [
  { big: 'm', small: 'cm', bigName: 'metres', smallName: 'centimetres', factor: 100, from: 3 },
  { big: 'kg', small: 'g', bigName: 'kilograms', smallName: 'grams', factor: 1000, from: 3 },
  { big: 'L', small: 'mL', bigName: 'litres', smallName: 'millilitres', factor: 1000, from: 3 },
  { big: 'km', small: 'm', bigName: 'kilometres', smallName: 'metres', factor: 1000, from: 4 },
  { big: 'cm', small: 'mm', bigName: 'centimetres', smallName: 'millimetres', factor: 10, from: 5 },
];

const placesOf = (factor: number) => Math.round(Math.log10(factor));

export const measurementConvert: MathsGenerator = {
  id: 'measurement-convert',
  topic: 'measurement',
  grades: gradesFrom('c-3', 'c-7'),
  generate(rng, grade) {
    const level = classOf(grade);
    const pair = rng.pick(PAIRS.filter((each) => each.from <= level));
    const { big, small, factor } = pair;
    const form = rng.pick(
      level <= 4
        ? (['to-small', 'to-mixed'] as const)
        : (['to-small', 'to-decimal', 'from-decimal'] as const),
    );
    const whole = rng.int(1, level <= 4 ? 9 : 25);
    // The part below one big unit: not 0, and in Class 3 and 4 a round number (3 m 45 cm, 2 kg 500 g).
    // Class 5 keeps to two decimal places (2.45 kg); from Class 6 three (2.045 kg).
    const part =
      factor === 10
        ? rng.int(1, 9)
        : level <= 4 && factor === 1000
          ? rng.int(1, 19) * 50
          : level === 5 && factor === 1000
            ? rng.int(1, 99) * 10
            : rng.int(1, factor - 1);
    const amount = whole * factor + part;
    const smallText = (quantity: number) => `${formatNumber(quantity)} ${small}`;
    const mixedText = (quantity: number) => {
      const [b, s] = [Math.floor(quantity / factor), quantity % factor];
      return b === 0
        ? `${formatNumber(s)} ${small}`
        : s === 0
          ? `${formatNumber(b)} ${big}`
          : `${formatNumber(b)} ${big} ${formatNumber(s)} ${small}`;
    };
    const decimalText = (quantity: number) => `${formatDecimal(quantity, placesOf(factor))} ${big}`;
    const one = `1 ${big} = ${formatNumber(factor)} ${small}`;
    const wrongFactors = [factor / 10, factor * 10].filter((other) => other >= 10 && other <= 1000);
    // A wrong number of zeros: the wrong factor, or the part read as tenths.
    const mistakes = [
      ...wrongFactors.map((other) => whole * other + part),
      amount * 10,
      amount / 10,
      whole * factor + part * 10,
    ].filter((quantity) => Number.isInteger(quantity));
    const spec = {
      answer: amount,
      near: (step: number) => amount + (step % 2 ? 1 : -1) * Math.ceil(step / 2) * (factor / 10),
      valid: (quantity: number) => quantity > 0,
    };
    const data = {
      kind: 'convert',
      amount,
      unit: small,
      to: form === 'to-small' || form === 'from-decimal' ? small : big,
    } as const;
    if (form === 'to-small') {
      return {
        questionText: `How many ${pair.smallName} are there in ${mixedText(amount)}?`,
        ...choose(rng, { ...spec, mistakes, format: smallText }),
        explanation: `${one}, so ${whole} ${big} = ${formatNumber(whole * factor)} ${small}. Add ${part} ${small}: ${formatNumber(whole * factor)} + ${part} = ${smallText(amount)}.`,
        data,
      };
    }
    if (form === 'to-mixed') {
      return {
        questionText: `Write ${smallText(amount)} in ${pair.bigName} and ${pair.smallName}.`,
        // Every option in big and small units, as the question asks.
        ...choose(rng, {
          ...spec,
          mistakes,
          format: mixedText,
          valid: (quantity: number) => quantity > factor && quantity % factor !== 0,
        }),
        explanation: `${one}. ${smallText(amount)} = ${formatNumber(whole * factor)} ${small} + ${part} ${small}, which is ${mixedText(amount)}.`,
        data,
      };
    }
    if (form === 'to-decimal') {
      return {
        questionText: `Convert ${smallText(amount)} to ${pair.bigName}.`,
        ...choose(rng, { ...spec, mistakes, format: decimalText }),
        explanation: `${one}, so divide by ${formatNumber(factor)}: ${formatNumber(amount)} ÷ ${formatNumber(factor)} = ${formatDecimal(amount, placesOf(factor))}. So the answer is ${decimalText(amount)}.`,
        data,
      };
    }
    return {
      questionText: `Convert ${decimalText(amount)} to ${pair.smallName}.`,
      ...choose(rng, { ...spec, mistakes, format: smallText }),
      explanation: `${one}, so multiply by ${formatNumber(factor)}: ${formatDecimal(amount, placesOf(factor))} × ${formatNumber(factor)} = ${formatNumber(amount)}. So the answer is ${smallText(amount)}.`,
      data,
    };
  },
};
