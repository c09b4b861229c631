import { choose } from './choices.ts';
import { formatNumber, MINUS, numberName } from './format.ts';
import { classOf, gradesFrom } from './grades.ts';
import type { Rng } from './rng.ts';
import type { MathsGenerator } from './types.ts';

/** −7 shown as (−7) where it follows an operation sign, as NCERT writes it. */
const bracketed = (n: number) => (n < 0 ? `(${formatNumber(n)})` : formatNumber(n));

/** "p − q" written so a negative q reads naturally: 20 − (−8) becomes 20 + 8. */
function minus(p: number, q: number): string {
  return q < 0
    ? `${formatNumber(p)} + ${formatNumber(-q)}`
    : `${formatNumber(p)} ${MINUS} ${formatNumber(q)}`;
}

/** ax + c as it is written: 3x + 5, x − 7, −2x, 4. */
function side(x: number, c: number, variable: string): string {
  const term =
    x === 0 ? '' : x === 1 ? variable : x === -1 ? `${MINUS}${variable}` : `${formatNumber(x)}${variable}`;
  if (!term) return formatNumber(c);
  if (c === 0) return term;
  return `${term} ${c < 0 ? MINUS : '+'} ${formatNumber(Math.abs(c))}`;
}

const VARIABLES = ['x', 'y', 'n', 'm', 'p', 'a'];

export const simpleEquation: MathsGenerator = {
  id: 'simple-equation',
  topic: 'algebra',
  grades: gradesFrom('c-6', 'c-12'),
  generate(rng, grade) {
    const level = classOf(grade);
    const v = rng.pick(VARIABLES);
    const negatives = level >= 8;
    const solution = negatives && rng.chance(0.35) ? -rng.int(1, 12) : rng.int(3, level === 6 ? 30 : 15);
    const form = rng.pick(
      level === 6
        ? (['x+a', 'x-a', 'ax'] as const)
        : level === 7
          ? (['ax+b', 'ax-b', 'x+a'] as const)
          : (['ax+b', 'ax+b=cx+d', 'a(x+b)'] as const),
    );
    const a = rng.int(2, level === 6 ? 9 : 12);
    const b = rng.int(1, 20) * (negatives && rng.chance(0.3) ? -1 : 1);
    let left = { x: 1, c: 0 };
    let right = { x: 0, c: 0 };
    let text: string;
    let steps: string;
    let mistakes: number[];
    const s = formatNumber(solution);
    if (form === 'x+a' || form === 'x-a') {
      // Before Class 8 every number in the equation stays positive: x − 14 = 11, not x − 14 = −11.
      const shift =
        form === 'x+a' ? Math.abs(b) : -(negatives ? Math.abs(b) : Math.min(Math.abs(b), solution - 1));
      left = { x: 1, c: shift };
      right = { x: 0, c: solution + shift };
      text = side(1, shift, v) + ' = ' + formatNumber(right.c);
      steps =
        shift > 0
          ? `Take ${shift} from both sides: ${v} = ${minus(right.c, shift)} = ${s}.`
          : `Add ${-shift} to both sides: ${v} = ${formatNumber(right.c)} + ${-shift} = ${s}.`;
      mistakes = [right.c + shift, solution + 1, solution - 1, shift - right.c];
    } else if (form === 'ax') {
      left = { x: a, c: 0 };
      right = { x: 0, c: a * solution };
      text = `${a}${v} = ${formatNumber(a * solution)}`;
      steps = `Divide both sides by ${a}: ${v} = ${formatNumber(a * solution)} ÷ ${a} = ${s}.`;
      mistakes = [a * solution - a, solution + 1, solution - 1, a * solution + a];
    } else if (form === 'ax+b' || form === 'ax-b') {
      const c = form === 'ax+b' ? b : -(negatives ? Math.abs(b) : Math.min(Math.abs(b), a * solution - 1));
      left = { x: a, c };
      right = { x: 0, c: a * solution + c };
      text = `${side(a, c, v)} = ${formatNumber(right.c)}`;
      steps = `${c > 0 ? `Take ${c} from` : `Add ${-c} to`} both sides: ${a}${v} = ${minus(right.c, c)} = ${formatNumber(a * solution)}. Divide both sides by ${a}: ${v} = ${s}.`;
      // The number moved across without changing its sign; forgetting to divide; the sign of x.
      mistakes = [(right.c + c) / a, a * solution, -solution, solution + 1];
    } else if (form === 'ax+b=cx+d') {
      const c = rng.int(1, a - 1);
      left = { x: a, c: b };
      right = { x: c, c: (a - c) * solution + b };
      text = `${side(a, b, v)} = ${side(c, right.c, v)}`;
      steps = `Bring the ${v} terms to the left and the numbers to the right: ${side(a, 0, v)} ${MINUS} ${side(c, 0, v)} = ${minus(right.c, b)}, so ${side(a - c, 0, v)} = ${formatNumber((a - c) * solution)}.${a - c === 1 ? '' : ` Divide by ${a - c}: ${v} = ${s}.`}`;
      mistakes = [(right.c - b) / (a + c), (right.c + b) / (a - c), -solution, solution + 1];
    } else {
      // a(x + b) = c: written with brackets, worked by dividing first.
      const total = a * (solution + b);
      left = { x: a, c: a * b };
      right = { x: 0, c: total };
      text = `${a}(${side(1, b, v)}) = ${formatNumber(total)}`;
      steps = `Divide both sides by ${a}: ${side(1, b, v)} = ${formatNumber(solution + b)}. Then ${b > 0 ? `take ${b} from` : `add ${-b} to`} both sides: ${v} = ${s}.`;
      mistakes = [total / a + b, total - b, (total - b) / a, -solution];
    }
    const variable = v;
    return {
      questionText: `Solve: ${text}`,
      ...choose(rng, {
        answer: solution,
        mistakes,
        near: (step) => solution + (step % 2 ? 1 : -1) * Math.ceil(step / 2),
        format: (n) => `${variable} = ${formatNumber(n)}`,
        valid: (n) => Number.isInteger(n) && (negatives || n > 0),
      }),
      explanation: `${steps} Check: with ${v} = ${s} both sides are ${formatNumber(left.x * solution + left.c)}.`,
      data: { kind: 'linear-equation', variable: v, left, right },
    };
  },
};

function integerPair(rng: Rng, op: '+' | '-' | '×' | '÷'): [number, number] {
  for (;;) {
    const a = rng.int(-20, 20);
    const b = op === '÷' ? rng.int(-9, 9) : rng.int(-20, 20);
    if (a === 0 || b === 0 || (a > 0 && b > 0) || (op === '÷' && Math.abs(b) === 1)) continue;
    if (op === '÷') return [a * b, b];
    if (op === '×' && (Math.abs(a) > 12 || Math.abs(b) > 12 || Math.abs(a) === 1 || Math.abs(b) === 1))
      continue;
    return [a, b];
  }
}

export const integers: MathsGenerator = {
  id: 'integers',
  topic: 'algebra',
  grades: gradesFrom('c-6', 'c-8'),
  generate(rng, grade) {
    const op = rng.pick(classOf(grade) === 6 ? (['+', '-'] as const) : (['+', '-', '×', '÷'] as const));
    const [a, b] = integerPair(rng, op);
    const answer = op === '+' ? a + b : op === '-' ? a - b : op === '×' ? a * b : a / b;
    const sign = op === '-' ? MINUS : op;
    const shown = `${bracketed(a)} ${sign} ${bracketed(b)}`;
    let working: string;
    if (op === '+') {
      working =
        Math.sign(a) === Math.sign(b)
          ? `Both are negative: add ${Math.abs(a)} + ${Math.abs(b)} = ${Math.abs(answer)} and keep the minus sign.`
          : `The signs differ: take ${Math.max(Math.abs(a), Math.abs(b))} ${MINUS} ${Math.min(Math.abs(a), Math.abs(b))} = ${Math.abs(answer)} and keep the sign of the number further from 0.`;
    } else if (op === '-') {
      working = `Subtracting ${bracketed(b)} is the same as adding ${bracketed(-b)}: ${bracketed(a)} + ${bracketed(-b)}.`;
    } else {
      const same = Math.sign(a) === Math.sign(b);
      working = `${Math.abs(a)} ${op} ${Math.abs(b)} = ${Math.abs(answer)}. ${same ? 'The signs are the same, so the answer is positive.' : 'The signs differ, so the answer is negative.'}`;
    }
    const mistakes =
      op === '+' || op === '-'
        ? [-answer, op === '+' ? a - b : a + b, -(op === '+' ? a - b : a + b), answer + 1]
        : [-answer, op === '×' ? a + b : a - b, answer + Math.sign(answer) * 1];
    return {
      questionText: `What is ${shown}?`,
      ...choose(rng, {
        answer,
        mistakes: mistakes.filter((value) => value !== 0),
        near: (step) => answer + (step % 2 ? 1 : -1) * Math.ceil(step / 2),
        format: formatNumber,
      }),
      explanation: `${working} So ${shown} = ${formatNumber(answer)}.`,
      data: { kind: 'integer-op', op, a, b },
    };
  },
};

const ITEMS = ['school bag', 'bicycle', 'cricket bat', 'pair of shoes', 'watch', 'raincoat'];
const rupees = (n: number) => `₹${formatNumber(n)}`;

export const percentage: MathsGenerator = {
  id: 'percentage',
  topic: 'percentages',
  grades: gradesFrom('c-7', 'c-12'),
  generate(rng, grade) {
    const level = classOf(grade);
    const variants =
      level === 7
        ? (['of', 'of', 'discount'] as const)
        : level === 8
          ? (['of', 'discount', 'change', 'simple-interest', 'compound-interest'] as const)
          : (['discount', 'change', 'simple-interest', 'compound-interest'] as const);
    const variant = rng.pick<'of' | 'discount' | 'change' | 'simple-interest' | 'compound-interest'>(
      variants,
    );
    const rate = rng.pick([5, 10, 15, 20, 25, 30, 40, 50, 60, 75]);
    const discountRate = rng.pick([5, 10, 15, 20, 25, 30, 40]);
    const item = rng.pick(ITEMS);
    const asRupees = { format: rupees, valid: (n: number) => Number.isInteger(n) && n > 0 };
    const near = (answer: number, unit: number) => (step: number) =>
      answer + (step % 2 ? 1 : -1) * Math.ceil(step / 2) * unit;
    if (variant === 'of') {
      const base = rng.int(1, 30) * 20;
      const answer = (base * rate) / 100;
      return {
        questionText: `What is ${rate}% of ${formatNumber(base)}?`,
        ...choose(rng, {
          answer,
          mistakes: [base - answer, answer * 10, answer / 10, answer + rate],
          near: near(answer, answer >= 20 ? 5 : 1),
          format: formatNumber,
          valid: (n) => Number.isInteger(n) && n > 0,
        }),
        explanation: `${rate}% means ${rate} out of 100. ${formatNumber(base)} × ${rate} ÷ 100 = ${formatNumber(answer)}.`,
        data: { kind: 'percentage', variant, base, rate, years: 0, after: 0 },
      };
    }
    if (variant === 'discount') {
      const base = rng.int(4, 60) * 100;
      const off = (base * discountRate) / 100;
      const answer = base - off;
      return {
        questionText: `A ${item} costs ${rupees(base)}. The shop gives a ${discountRate}% discount. What is the sale price?`,
        ...choose(rng, {
          ...asRupees,
          answer,
          // The discount itself, the discount added on, the rate taken as rupees.
          mistakes: [off, base + off, base - discountRate],
          near: near(answer, 10),
        }),
        explanation: `The discount is ${discountRate}% of ${rupees(base)} = ${rupees(off)}. Sale price: ${rupees(base)} ${MINUS} ${rupees(off)} = ${rupees(answer)}.`,
        data: { kind: 'percentage', variant, base, rate: discountRate, years: 0, after: answer },
      };
    }
    if (variant === 'change') {
      const base = rng.int(2, 40) * 20;
      const rise = rng.chance(0.6);
      const changeRate = rng.pick([5, 10, 15, 20, 25, 40, 50]);
      const after = base + ((rise ? 1 : -1) * base * changeRate) / 100;
      const difference = Math.abs(after - base);
      return {
        questionText: `The price of a ${item} ${rise ? 'rose' : 'fell'} from ${rupees(base)} to ${rupees(after)}. By what percentage did it ${rise ? 'rise' : 'fall'}?`,
        ...choose(rng, {
          answer: changeRate,
          // The rupee difference read as a percentage, the new price as a percentage of the old.
          mistakes: [difference, rise ? 100 + changeRate : 100 - changeRate, changeRate * 2, changeRate + 5],
          near: near(changeRate, 5),
          format: (n) => `${n}%`,
          valid: (n) => Number.isInteger(n) && n > 0,
        }),
        explanation: `The change is ${rupees(difference)}. As a part of the old price: ${formatNumber(difference)} ÷ ${formatNumber(base)} × 100 = ${changeRate}%.`,
        data: { kind: 'percentage', variant, base, rate: changeRate, years: 0, after },
      };
    }
    if (variant === 'simple-interest') {
      const principal = rng.int(2, 50) * 1000;
      const years = rng.int(2, 5);
      const yearlyRate = rng.pick([4, 5, 6, 8, 10, 12]);
      const perYear = (principal * yearlyRate) / 100;
      const total = perYear * years;
      return {
        questionText: `Find the simple interest on ${rupees(principal)} at ${yearlyRate}% per year for ${years} years.`,
        ...choose(rng, {
          ...asRupees,
          answer: total,
          // The amount instead of the interest, one year's interest, a year too many or too few.
          mistakes: [principal + total, perYear, total + perYear, total - perYear],
          near: near(total, 100),
        }),
        explanation: `Interest for one year: ${yearlyRate}% of ${rupees(principal)} = ${rupees(perYear)}. For ${years} years: ${rupees(perYear)} × ${years} = ${rupees(total)}.`,
        data: {
          kind: 'percentage',
          variant,
          base: principal,
          rate: yearlyRate,
          years,
          after: principal + total,
        },
      };
    }
    const principal = rng.int(1, 50) * 1000;
    const yearlyRate = rng.pick([10, 20]);
    const years = yearlyRate === 10 ? rng.int(2, 3) : 2;
    let amount = principal;
    const amounts: string[] = [];
    for (let year = 0; year < years; year += 1) {
      amount += (amount * yearlyRate) / 100;
      amounts.push(rupees(amount));
    }
    const interest = amount - principal;
    const simple = (principal * yearlyRate * years) / 100;
    return {
      questionText: `Find the compound interest on ${rupees(principal)} at ${yearlyRate}% per year for ${years} years, compounded yearly.`,
      ...choose(rng, {
        ...asRupees,
        answer: interest,
        // Simple interest instead, the amount instead of the interest, a year too few.
        mistakes: [simple, amount, Number(amounts[years - 2]?.replace(/[₹,]/g, '')) - principal],
        near: near(interest, 100),
      }),
      explanation: `Each year add ${yearlyRate}%: ${rupees(principal)} becomes ${amounts.join(', then ')}. Interest: ${rupees(amount)} ${MINUS} ${rupees(principal)} = ${rupees(interest)}.`,
      data: { kind: 'percentage', variant, base: principal, rate: yearlyRate, years, after: amount },
    };
  },
};

export const quadraticRoots: MathsGenerator = {
  id: 'quadratic-roots',
  topic: 'algebra',
  grades: gradesFrom('c-10', 'c-12'),
  generate(rng) {
    let [r, s] = [0, 0];
    while (r === 0 || s === 0 || r === s || r === -s) [r, s] = [rng.int(-9, 9), rng.int(-9, 9)];
    [r, s] = [Math.min(r, s), Math.max(r, s)];
    // (x − r)(x − s) = x² − (r + s)x + rs
    const b = -(r + s);
    const c = r * s;
    const linear = b === 0 ? '' : ` ${b < 0 ? MINUS : '+'} ${Math.abs(b) === 1 ? '' : Math.abs(b)}x`;
    const equation = `x²${linear} ${c < 0 ? MINUS : '+'} ${Math.abs(c)} = 0`;
    const roots = (pair: [number, number]) => {
      const [low, high] = [Math.min(...pair), Math.max(...pair)];
      return `x = ${formatNumber(low)} or x = ${formatNumber(high)}`;
    };
    const factor = (root: number) => `(x ${root < 0 ? '+' : MINUS} ${Math.abs(root)})`;
    return {
      questionText: `Solve: ${equation}`,
      ...choose<[number, number]>(rng, {
        answer: [r, s],
        // The signs of the roots flipped (reading them off the factors), or one of them flipped.
        mistakes: [
          [-r, -s],
          [-r, s],
          [r, -s],
          [1, c],
          [-1, -c],
        ],
        near: (step) => [r + step, s],
        format: roots,
        valid: ([p, q]) => p !== q,
      }),
      explanation: `Find two numbers that multiply to ${formatNumber(c)} and add to ${formatNumber(b)}: ${formatNumber(-r)} and ${formatNumber(-s)}. So ${equation.replace(' = 0', '')} = ${factor(r)}${factor(s)} = 0, and ${roots([r, s])}.`,
      data: { kind: 'quadratic', b, c },
    };
  },
};

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
const superscript = (exponent: number) =>
  [...String(exponent)].map((digit) => SUPERSCRIPT[Number(digit)] ?? '').join('');
const power = (base: number, exponent: number) => `${base}${superscript(exponent)}`;

/** 49⁹ and 7¹⁸ are the same number: compare powers by their smallest base. */
function samePower([base, exponent]: [number, number]): string {
  for (let root = 2; root < base; root += 1) {
    let times = 1;
    let value = root;
    while (value < base) {
      value *= root;
      times += 1;
    }
    if (value === base) return `${root}^${exponent * times}`;
  }
  return `${base}^${exponent}`;
}

export const exponents: MathsGenerator = {
  id: 'exponents',
  topic: 'algebra',
  grades: gradesFrom('c-7', 'c-10'),
  generate(rng) {
    const op = rng.pick(['value', '×', '÷', 'power'] as const);
    if (op === 'value') {
      const base = rng.int(2, 9);
      const m = rng.int(2, base <= 3 ? 6 : base <= 5 ? 4 : 3);
      const value = base ** m;
      return {
        questionText: `What is ${power(base, m)}?`,
        ...choose(rng, {
          answer: value,
          // Base times power, the power and base swapped, one factor too few or too many.
          mistakes: [base * m, m ** base, base ** (m - 1), base ** (m + 1)],
          near: (step) => value + (step % 2 ? 1 : -1) * Math.ceil(step / 2) * base,
          format: formatNumber,
          valid: (n) => n > 1 && n <= 1_000_000,
        }),
        explanation: `${power(base, m)} means ${numberName(m)} ${base}s multiplied together: ${Array.from({ length: m }, () => base).join(' × ')} = ${formatNumber(value)}.`,
        data: { kind: 'exponent', op, base, m, n: 1 },
      };
    }
    const base = rng.pick([2, 3, 5, 7, 10]);
    const n = rng.int(2, op === 'power' ? 4 : 6);
    const m = op === '÷' ? n + rng.int(1, 6) : rng.int(2, op === 'power' ? 4 : 7);
    const exponent = op === '×' ? m + n : op === '÷' ? m - n : m * n;
    const shown =
      op === 'power' ? `(${power(base, m)})${superscript(n)}` : `${power(base, m)} ${op} ${power(base, n)}`;
    const rule =
      op === '×'
        ? `Same base, so add the powers: ${m} + ${n} = ${exponent}.`
        : op === '÷'
          ? `Same base, so take away the powers: ${m} ${MINUS} ${n} = ${exponent}.`
          : `A power of a power: multiply the powers, ${m} × ${n} = ${exponent}.`;
    const mistakes: [number, number][] =
      op === '×'
        ? [
            [base, m * n],
            [base * base, m + n],
            [base, Math.abs(m - n)],
          ]
        : op === '÷'
          ? [[base, m + n], [base, m * n], ...(m % n === 0 ? [[base, m / n] as [number, number]] : [])]
          : [
              // Adding the powers, or raising one power to the other.
              [base, m + n],
              ...(m ** n <= 30 ? [[base, m ** n] as [number, number]] : []),
              [base, m * n + 1],
            ];
    return {
      questionText: `Simplify: ${shown}`,
      ...choose<[number, number]>(rng, {
        answer: [base, exponent],
        mistakes,
        near: (step) => [base, exponent + (step % 2 ? 1 : -1) * Math.ceil(step / 2)],
        format: ([b, e]) => power(b, e),
        key: samePower,
        valid: ([, e]) => e >= 2,
      }),
      explanation: `${rule} So ${shown} = ${power(base, exponent)}.`,
      data: { kind: 'exponent', op, base, m, n },
    };
  },
};

export const linearPair: MathsGenerator = {
  id: 'linear-pair',
  topic: 'algebra',
  grades: gradesFrom('c-10', 'c-12'),
  generate(rng) {
    let [x, y] = [0, 0];
    while (x === 0 || y === 0 || x === y || x === -y) [x, y] = [rng.int(-9, 12), rng.int(-9, 12)];
    // ax + y = c1 and bx − y = c2: adding them removes y.
    const [a, b] = rng.chance(0.4) ? [1, 1] : [rng.int(1, 5), rng.int(1, 5)];
    const [c1, c2] = [a * x + y, b * x - y];
    const first = `${side(a, 0, 'x')} + y = ${formatNumber(c1)}`;
    const second = `${side(b, 0, 'x')} ${MINUS} y = ${formatNumber(c2)}`;
    return {
      questionText: `Solve the pair of equations: ${first} and ${second}.`,
      ...choose<[number, number]>(rng, {
        answer: [x, y],
        // x and y swapped, a sign lost, or y = c1 + ax instead of c1 − ax.
        mistakes: [
          [y, x],
          [x, -y],
          [-x, y],
          [x, y + 2 * a * x],
        ],
        near: (step) => [x, y + (step % 2 ? 1 : -1) * Math.ceil(step / 2)],
        format: ([p, q]) => `x = ${formatNumber(p)}, y = ${formatNumber(q)}`,
      }),
      explanation: `Add the two equations to remove y: ${side(a + b, 0, 'x')} = ${formatNumber(c1 + c2)}, so x = ${formatNumber(c1 + c2)} ÷ ${a + b} = ${formatNumber(x)}. Put x = ${formatNumber(x)} in the first: y = ${formatNumber(c1)} ${MINUS} ${a === 1 ? bracketed(x) : `${a} × ${bracketed(x)}`} = ${formatNumber(y)}. So x = ${formatNumber(x)}, y = ${formatNumber(y)}.`,
      data: { kind: 'linear-pair', first: [a, 1, c1], second: [b, -1, c2] },
    };
  },
};
