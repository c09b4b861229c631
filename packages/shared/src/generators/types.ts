import type { MathsGrade } from './grades.ts';
import type { Rng } from './rng.ts';

export interface TextOption {
  type: 'text';
  value: string;
}

export type FourOptions = [TextOption, TextOption, TextOption, TextOption];

/** The numbers a question was built from: enough to work the answer out again, independently. */
export type QuestionData =
  | { kind: 'count'; count: number; item: string }
  | { kind: 'neighbour'; n: number; direction: 'after' | 'before' | 'between' }
  | { kind: 'compare'; numbers: number[]; want: 'greatest' | 'smallest' }
  | { kind: 'place-value'; n: number; place: number }
  | { kind: 'number-name'; n: number; direction: 'to-words' | 'to-digits' }
  | { kind: 'add'; a: number; b: number }
  | { kind: 'subtract'; a: number; b: number }
  | { kind: 'missing-number'; op: '+' | '-'; a: number | null; b: number | null; result: number }
  | { kind: 'multiply'; a: number; b: number }
  | { kind: 'divide'; dividend: number; divisor: number }
  | { kind: 'fraction-of-whole'; parts: number; taken: number; ask: 'taken' | 'left' }
  | { kind: 'fraction-of-number'; numerator: number; denominator: number; whole: number }
  | { kind: 'equivalent-fraction'; numerator: number; denominator: number }
  | { kind: 'fraction-sum'; op: '+' | '-'; a: [number, number]; b: [number, number] }
  | { kind: 'decimal-place'; units: number; places: number; place: number; ask: 'digit' | 'value' }
  | { kind: 'decimal-sum'; op: '+' | '-'; a: number; b: number; places: number }
  | { kind: 'clock-add'; start: number; minutes: number }
  | { kind: 'duration'; start: number; end: number }
  | { kind: 'clock-24'; minutes: number; to: '24-hour' | '12-hour' }
  | { kind: 'money'; variant: 'add' | 'change' | 'to-paise' | 'times'; paise: number; other: number }
  | { kind: 'convert'; amount: number; unit: 'cm' | 'm' | 'g' | 'mL' | 'mm'; to: string }
  | {
      kind: 'linear-equation';
      variable: string;
      left: { x: number; c: number };
      right: { x: number; c: number };
    }
  | { kind: 'integer-op'; op: '+' | '-' | '×' | '÷'; a: number; b: number }
  | {
      kind: 'percentage';
      variant: 'of' | 'discount' | 'change' | 'simple-interest' | 'compound-interest';
      base: number;
      rate: number;
      years: number;
      after: number;
    }
  /** x² + bx + c = 0 */
  | { kind: 'quadratic'; b: number; c: number }
  /** base^m, base^m × base^n, base^m ÷ base^n or (base^m)^n */
  | { kind: 'exponent'; op: 'value' | '×' | '÷' | 'power'; base: number; m: number; n: number }
  /** Two equations ax + by = c, as [a, b, c] each. */
  | { kind: 'linear-pair'; first: [number, number, number]; second: [number, number, number] };

export interface GeneratedQuestion {
  generatorId: string;
  grade: MathsGrade;
  /** The question's own 32-bit seed: generateQuestion(generatorId, grade, seed) makes it again. */
  seed: number;
  questionText: string;
  options: FourOptions;
  correctAnswerIndex: number;
  /** One to three short sentences from the worked steps, ending with the answer. */
  explanation: string;
  data: QuestionData;
}

export type QuestionBody = Pick<
  GeneratedQuestion,
  'questionText' | 'options' | 'correctAnswerIndex' | 'explanation' | 'data'
>;

export interface MathsGenerator {
  /** Stable: stored in attempt snapshots. Never rename one; add a new id instead. */
  id: string;
  topic:
    | 'number sense'
    | 'operations'
    | 'fractions'
    | 'decimals'
    | 'time'
    | 'money'
    | 'measurement'
    | 'algebra'
    | 'percentages';
  grades: readonly MathsGrade[];
  generate(rng: Rng, grade: MathsGrade): QuestionBody;
}
