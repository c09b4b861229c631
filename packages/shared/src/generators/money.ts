import { choose } from './choices.ts';
import { formatNumber, formatRupees } from './format.ts';
import { classOf, gradesFrom, type MathsGrade } from './grades.ts';
import { pickChild } from './people.ts';
import type { Rng } from './rng.ts';
import type { MathsGenerator } from './types.ts';

const ITEMS = [
  { a: 'a pencil', one: 'pencil', many: 'pencils', low: 3, high: 15 },
  { a: 'a notebook', one: 'notebook', many: 'notebooks', low: 20, high: 60 },
  { a: 'an eraser', one: 'eraser', many: 'erasers', low: 2, high: 10 },
  { a: 'an ice cream', one: 'ice cream', many: 'ice creams', low: 10, high: 40 },
  { a: 'a kite', one: 'kite', many: 'kites', low: 5, high: 30 },
  { a: 'a storybook', one: 'storybook', many: 'storybooks', low: 40, high: 150 },
  { a: 'a bus ticket', one: 'bus ticket', many: 'bus tickets', low: 8, high: 25 },
] as const;

/** A price in paise with rupees between low and high: 50-paise steps in Class 2, then 25. */
function price(rng: Rng, grade: MathsGrade, low: number, high: number): number {
  const step = classOf(grade) === 2 ? 50 : 25;
  return rng.int(low, high) * 100 + rng.int(1, 100 / step - 1) * step;
}

const rupeesOnly = (paise: number) => `₹${formatNumber(Math.floor(paise / 100))}`;

function paiseAndRupees(paise: number): string {
  return paise >= 100 ? `${paise} paise = ${formatRupees(paise)}` : `${paise} paise`;
}

export const moneyRupeesPaise: MathsGenerator = {
  id: 'money-rupees-paise',
  topic: 'money',
  grades: gradesFrom('c-2', 'c-6'),
  generate(rng, grade) {
    const level = classOf(grade);
    const variants =
      level === 2
        ? (['to-paise', 'add'] as const)
        : level === 3
          ? (['to-paise', 'add', 'change'] as const)
          : (['add', 'change', 'times'] as const);
    const variant = rng.pick<'to-paise' | 'add' | 'change' | 'times'>(variants);
    const child = pickChild(rng);
    const pronoun = child.she === 'She' ? 'she' : 'he';
    const near = (answer: number) => (step: number) =>
      answer + (step % 2 ? 1 : -1) * Math.ceil(step / 2) * (step > 2 ? 100 : 25);
    if (variant === 'to-paise') {
      const amount = rng.int(1, level === 2 ? 9 : 50) * 100 + rng.pick([25, 50, 75]);
      const rupees = Math.floor(amount / 100);
      return {
        questionText: `How many paise make ${formatRupees(amount)}?`,
        ...choose(rng, {
          answer: amount,
          // ₹3.50 read as 35 paise, 3,500 paise or 305 paise.
          mistakes: [
            amount / 10,
            amount * 10,
            rupees * 100 + (amount % 100) / 10,
            rupees * 1000 + (amount % 100),
          ],
          near: near(amount),
          format: (paise) => `${formatNumber(paise)} paise`,
          valid: (paise) => Number.isInteger(paise) && paise > 0,
        }),
        explanation: `₹1 = 100 paise, so ₹${rupees} = ${formatNumber(rupees * 100)} paise. Add the ${amount % 100} paise: ${formatNumber(amount)} paise.`,
        data: { kind: 'money', variant, paise: amount, other: 0 },
      };
    }
    const item = rng.pick(ITEMS);
    if (variant === 'add') {
      const other = rng.pick(ITEMS.filter((each) => each !== item));
      const a = price(rng, grade, item.low, item.high);
      const b = price(rng, grade, other.low, other.high);
      const total = a + b;
      const paiseSum = (a % 100) + (b % 100);
      const rupeeSum = Math.floor(a / 100) + Math.floor(b / 100);
      const paiseStep =
        paiseSum >= 100
          ? `Add the paise: ${a % 100} + ${b % 100} = ${paiseAndRupees(paiseSum)}. Add the rupees: ${Math.floor(a / 100)} + ${Math.floor(b / 100)} + 1 = ${rupeeSum + 1}.`
          : `Add the paise: ${a % 100} + ${b % 100} = ${paiseSum}. Add the rupees: ${Math.floor(a / 100)} + ${Math.floor(b / 100)} = ${rupeeSum}.`;
      return {
        questionText: `${child.name} buys ${item.a} for ${formatRupees(a)} and ${other.a} for ${formatRupees(b)}. How much does ${pronoun} spend?`,
        ...choose(rng, {
          answer: total,
          // The paise not carried into a rupee, a rupee too many, ten rupees out.
          mistakes: [paiseSum >= 100 ? total - 100 : total + 100, total + 100, total - 1000, total + 1000],
          near: near(total),
          format: formatRupees,
          // A total is more than either price.
          valid: (paise) => paise > Math.max(a, b),
        }),
        explanation: `${paiseStep} So ${pronoun} spends ${formatRupees(total)}.`,
        data: { kind: 'money', variant, paise: a, other: b },
      };
    }
    if (variant === 'change') {
      const note = level === 3 ? rng.pick([5000, 10_000]) : rng.pick([10_000, 20_000, 50_000]);
      const cost = price(rng, grade, Math.max(item.low, 1), Math.min(item.high, note / 100 - 2));
      const change = note - cost;
      const upToRupee = 100 - (cost % 100);
      return {
        questionText: `${child.name} buys ${item.a} for ${formatRupees(cost)} and pays with a ${rupeesOnly(note)} note. How much change does ${pronoun} get?`,
        ...choose(rng, {
          answer: change,
          // The rupee not borrowed for the paise; ten rupees out; the paise taken the wrong way.
          mistakes: [change + 100, change - 1000, change + 1000, change - (change % 100) + (cost % 100)],
          near: near(change),
          format: formatRupees,
          valid: (paise) => paise > 0 && paise < note,
        }),
        explanation: `Count up from ${formatRupees(cost)}: ${upToRupee} paise makes ${rupeesOnly(cost + upToRupee)}, and ${rupeesOnly(note - cost - upToRupee)} more makes ${rupeesOnly(note)}. So the change is ${formatRupees(change)}.`,
        data: { kind: 'money', variant, paise: cost, other: note },
      };
    }
    const cheap = rng.pick(ITEMS.filter((each) => each.low <= 20));
    const each = price(rng, grade, cheap.low, Math.min(cheap.high, 30));
    const count = rng.int(2, 9);
    const total = each * count;
    const rupeePart = Math.floor(each / 100) * count;
    const paisePart = (each % 100) * count;
    return {
      questionText: `One ${cheap.one} costs ${formatRupees(each)}. How much do ${count} ${cheap.many} cost?`,
      ...choose(rng, {
        answer: total,
        // Added instead of multiplied, the paise not turned into rupees, one more or one fewer.
        mistakes: [rupeePart * 100 + (paisePart % 100), total + each, total - each, each + count * 100],
        near: near(total),
        format: formatRupees,
        valid: (paise) => paise > 0,
      }),
      explanation: `${count} × ₹${Math.floor(each / 100)} = ₹${formatNumber(rupeePart)} and ${count} × ${each % 100} paise = ${paiseAndRupees(paisePart)}. Together: ${formatRupees(total)}.`,
      data: { kind: 'money', variant, paise: each, other: count },
    };
  },
};
