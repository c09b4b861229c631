import {
  formatClock,
  formatClock24,
  formatDecimal,
  formatFraction,
  formatNumber,
  formatRupees,
  MINUS,
  numberName,
} from './format.ts';
import { classOf } from './grades.ts';
import type { FourOptions, GeneratedQuestion, QuestionData } from './types.ts';

/**
 * A generated Maths question in Hindi (issue 18), as an NCERT Hindi-medium book writes it: the
 * same numbers, the same options in the same order (numbers as they are; units, hours, a.m./p.m.
 * and paise in Hindi), the same right answer, the worked steps in Hindi. Built from the
 * question's `data`; the few story words `data` does not keep (a child's name, the thing bought)
 * are read from the English text, whose templates the generators fix.
 */

interface HindiQuestion {
  questionText: string;
  options: FourOptions;
  explanation: string;
}

type Parts = { questionText: string; explanation: string; option?: (value: string) => string };

const sameOption = (value: string) => value;

export function inHindi(question: GeneratedQuestion): HindiQuestion {
  const { questionText, explanation, option = sameOption } = hindiParts(question);
  const options = question.options.map((each) => ({ type: each.type, value: option(each.value) }));
  return { questionText, options: options as FourOptions, explanation };
}

// ---------------------------------------------------------------------------------------------
// Words

/** The children of people.ts, in Devanagari, with whether the story says "she". */
const CHILDREN: Record<string, { name: string; girl: boolean }> = {
  Riya: { name: 'रिया', girl: true },
  Aarav: { name: 'आरव', girl: false },
  Meera: { name: 'मीरा', girl: true },
  Kabir: { name: 'कबीर', girl: false },
  Anaya: { name: 'अनाया', girl: true },
  Arjun: { name: 'अर्जुन', girl: false },
  Diya: { name: 'दीया', girl: true },
  Vihaan: { name: 'विहान', girl: false },
  Zoya: { name: 'ज़ोया', girl: true },
  Ishaan: { name: 'ईशान', girl: false },
  Priya: { name: 'प्रिया', girl: true },
  Rohan: { name: 'रोहन', girl: false },
  Simran: { name: 'सिमरन', girl: true },
  Karthik: { name: 'कार्तिक', girl: false },
  Fatima: { name: 'फ़ातिमा', girl: true },
  Joseph: { name: 'जोसेफ़', girl: false },
};

/** Things counted or given in the young children's stories: the Hindi plural and its gender. */
const THINGS: Record<string, { many: string; feminine: boolean }> = {
  apples: { many: 'सेब', feminine: false },
  stars: { many: 'तारे', feminine: false },
  fish: { many: 'मछलियाँ', feminine: true },
  balloons: { many: 'गुब्बारे', feminine: false },
  flowers: { many: 'फूल', feminine: false },
  mangoes: { many: 'आम', feminine: false },
  cars: { many: 'गाड़ियाँ', feminine: true },
  balls: { many: 'गेंदें', feminine: true },
  butterflies: { many: 'तितलियाँ', feminine: true },
  chicks: { many: 'चूज़े', feminine: false },
  bananas: { many: 'केले', feminine: false },
  crayons: { many: 'क्रेयॉन', feminine: false },
  birds: { many: 'चिड़ियाँ', feminine: true },
  sweets: { many: 'मिठाइयाँ', feminine: true },
  kites: { many: 'पतंगें', feminine: true },
};

/** Wholes cut into equal parts (fractions.ts). */
const WHOLES: Record<string, string> = {
  roti: 'रोटी',
  pizza: 'पिज़्ज़ा',
  'chocolate bar': 'चॉकलेट',
  cake: 'केक',
  watermelon: 'तरबूज़',
};

/** What children buy (money.ts): one, many, and whether it is feminine (की / का). */
const SHOP_ITEMS: Record<string, { one: string; many: string; feminine: boolean }> = {
  pencil: { one: 'पेंसिल', many: 'पेंसिलें', feminine: true },
  notebook: { one: 'कॉपी', many: 'कॉपियाँ', feminine: true },
  eraser: { one: 'रबड़', many: 'रबड़', feminine: true },
  'ice cream': { one: 'आइसक्रीम', many: 'आइसक्रीम', feminine: true },
  kite: { one: 'पतंग', many: 'पतंगें', feminine: true },
  storybook: { one: 'कहानी की किताब', many: 'कहानी की किताबें', feminine: true },
  'bus ticket': { one: 'बस का टिकट', many: 'बस के टिकट', feminine: false },
};

/** What is bought at a discount (algebra.ts percentage), with its "a". */
const PRICED_ITEMS: Record<string, string> = {
  'school bag': 'एक स्कूल बैग',
  bicycle: 'एक साइकिल',
  'cricket bat': 'एक क्रिकेट बैट',
  'pair of shoes': 'जूतों की एक जोड़ी',
  watch: 'एक घड़ी',
  raincoat: 'एक रेनकोट',
};

/** Events that start and end (time.ts): the sentence around the two times, and the question. */
const EVENTS: Record<string, { what: string; starts: string; ends: string; ask: string }> = {
  'A film': {
    what: 'फ़िल्म',
    starts: 'शुरू होती है',
    ends: 'खत्म होती है',
    ask: 'फ़िल्म कितनी देर की है?',
  },
  'A cricket match': {
    what: 'क्रिकेट मैच',
    starts: 'शुरू होता है',
    ends: 'खत्म होता है',
    ask: 'मैच कितनी देर चलता है?',
  },
  'A train': {
    what: 'एक ट्रेन',
    starts: 'चलती है',
    ends: 'पहुँचती है',
    ask: 'इस यात्रा में कितना समय लगता है?',
  },
  'A school picnic': {
    what: 'स्कूल पिकनिक',
    starts: 'शुरू होती है',
    ends: 'खत्म होती है',
    ask: 'पिकनिक कितनी देर चलती है?',
  },
  'A bus': {
    what: 'एक बस',
    starts: 'चलती है',
    ends: 'पहुँचती है',
    ask: 'इस यात्रा में कितना समय लगता है?',
  },
};

/** Place names as NCERT's Hindi books say them, in the form used before के / से / में. */
const PLACES = ['इकाई', 'दहाई', 'सैकड़े', 'हज़ार', 'दस हज़ार', 'लाख', 'दस लाख', 'करोड़', 'दस करोड़'];
/** Columns as headings: इकाई, दहाई, सैकड़ा… */
const COLUMNS = ['इकाई', 'दहाई', 'सैकड़ा', 'हज़ार', 'दस हज़ार', 'लाख'];
/** Places after the decimal point: tenths, hundredths, thousandths. */
const DECIMAL_PLACES = ['दशांश', 'शतांश', 'सहस्रांश'];

/** The units of measurement.ts, as NCERT's Hindi books abbreviate and name them. */
const UNITS: Record<string, { short: string; name: string }> = {
  mm: { short: 'मिमी', name: 'मिलीमीटर' },
  cm: { short: 'सेमी', name: 'सेंटीमीटर' },
  m: { short: 'मी', name: 'मीटर' },
  km: { short: 'किमी', name: 'किलोमीटर' },
  g: { short: 'ग्रा', name: 'ग्राम' },
  kg: { short: 'किग्रा', name: 'किलोग्राम' },
  mL: { short: 'मिली', name: 'मिलीलीटर' },
  L: { short: 'ली', name: 'लीटर' },
};
/** Each small unit of measurement.ts with its big unit and how many small ones make one big one. */
const UNIT_PAIRS: Record<string, { big: string; factor: number }> = {
  cm: { big: 'm', factor: 100 },
  g: { big: 'kg', factor: 1000 },
  mL: { big: 'L', factor: 1000 },
  m: { big: 'km', factor: 1000 },
  mm: { big: 'cm', factor: 10 },
};

function child(english: string): { name: string; girl: boolean } {
  const found = CHILDREN[english];
  if (!found) throw new RangeError(`No Hindi name for ${english}`);
  return found;
}

function lookup<T>(table: Record<string, T>, key: string | undefined, what: string): T {
  const found = key === undefined ? undefined : table[key];
  if (found === undefined) throw new RangeError(`No Hindi ${what} for "${key ?? ''}"`);
  return found;
}

/** Reads the story words out of an English text whose template the generator fixes. */
function read(text: string, pattern: RegExp): string[] {
  const match = pattern.exec(text);
  if (!match) throw new RangeError(`Unexpected English text: ${text}`);
  return match.slice(1).map((part) => part ?? '');
}

// ---------------------------------------------------------------------------------------------
// Numbers, times and money, the Hindi way

const bracketed = (n: number) => (n < 0 ? `(${formatNumber(n)})` : formatNumber(n));
const rupees = (n: number) => `₹${formatNumber(n)}`;
const rupeesOnly = (paise: number) => rupees(Math.floor(paise / 100));
const paiseAndRupees = (paise: number) =>
  paise >= 100 ? `${paise} पैसे = ${formatRupees(paise)}` : `${paise} पैसे`;

/**
 * 95 → "1 घंटा 35 मिनट", 120 → "2 घंटे", 45 → "45 मिनट"; before बाद, पहले or में one hour is
 * "1 घंटे".
 */
function duration(minutes: number, oblique = false): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 && !oblique ? 'घंटा' : 'घंटे'}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} मिनट`);
  return parts.join(' ');
}

/** "1 hour 35 minutes" (an English option) → "1 घंटा 35 मिनट". */
function durationOption(value: string): string {
  const [hours, minutes] = read(value, /^(?:(\d+) hours?)? ?(?:(\d+) minutes?)?$/);
  return duration(Number(hours || 0) * 60 + Number(minutes || 0));
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * Minutes after midnight → "3:45 अपराह्न" (Class 6 and up, as NCERT writes a.m. and p.m.), or up
 * to Class 5 the way a child says it: "सुबह 7:15 बजे", "दोपहर 1:45 बजे", "शाम 4:30 बजे", "रात 9:00
 * बजे". Each word belongs to one half of the day for its hours (रात 1–3 बजे a.m., रात 7–11 बजे
 * p.m.), so an a.m./p.m. mix-up still gives another option. "दोपहर 12 बजे" and "रात 12 बजे" as
 * in English.
 */
function clockWithHalf(minutes: number, young = false): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (inDay === 12 * 60) return 'दोपहर 12 बजे';
  if (inDay === 0) return 'रात 12 बजे';
  if (!young) return `${formatClock(inDay)} ${inDay < 12 * 60 ? 'पूर्वाह्न' : 'अपराह्न'}`;
  const hour = Math.floor(inDay / 60);
  const part = hour < 4 ? 'रात' : hour < 12 ? 'सुबह' : hour < 16 ? 'दोपहर' : hour < 19 ? 'शाम' : 'रात';
  return `${part} ${formatClock(inDay)} बजे`;
}

/** An English 12-hour option ("3:45 p.m.", "12 noon") → the same time in Hindi. */
function clockOption(value: string, young = false): string {
  if (value === '12 noon') return clockWithHalf(12 * 60, young);
  if (value === '12 midnight') return clockWithHalf(0, young);
  const [hour, minute, half] = read(value, /^(\d+):(\d\d) (a\.m\.|p\.m\.)$/);
  return clockWithHalf(((Number(hour) % 12) + (half === 'p.m.' ? 12 : 0)) * 60 + Number(minute), young);
}

// ---------------------------------------------------------------------------------------------
// Columns: carrying and borrowing

function digitsOf(n: number): number[] {
  return [...String(n)].reverse().map(Number);
}

function carryingSteps(a: number, b: number, young: boolean, names = COLUMNS, before = PLACES): string {
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
    const carries = sum >= 10 && place < width - 1;
    if (young) {
      steps.push(
        carries
          ? `${before[place] ?? ''} जोड़िए: ${column}। ${sum % 10} लिखिए और 1 हासिल ${before[place + 1] ?? ''} में ले जाइए।`
          : `${before[place] ?? ''} जोड़िए: ${column}।`,
      );
    } else {
      steps.push(carries ? `${name}: ${column}, ${sum % 10} लिखिए, 1 हासिल।` : `${name}: ${column}।`);
    }
    carry = sum >= 10 ? 1 : 0;
  }
  return steps.join(' ');
}

function borrowingSteps(a: number, b: number, young: boolean, names = COLUMNS, before = PLACES): string {
  const left = digitsOf(a);
  const right = digitsOf(b);
  const steps: string[] = [];
  let lent = 0;
  for (let place = 0; place < left.length; place += 1) {
    const digit = left[place] ?? 0;
    const bottom = right[place] ?? 0;
    const next = before[place + 1] ?? '';
    if (place === left.length - 1 && digit - lent === 0 && bottom === 0) break;
    let top = digit - lent;
    let step = `${names[place] ?? ''}: `;
    if (top < 0) {
      step += young
        ? `0 पहले ${next} से 1 उधार लेता है और फिर 1 उधार देता है, इसलिए अब यह 9 है। `
        : '0 अब 9 हो गया, ';
      top = 9;
      lent = 1;
    } else {
      if (young && lent) step += `${digit} ने 1 उधार दिया, इसलिए अब यह ${top} है। `;
      lent = 0;
    }
    if (top < bottom) {
      step += young
        ? `${top}, ${bottom} से छोटा है, इसलिए ${next} से 1 उधार लीजिए: ${top + 10} ${MINUS} ${bottom} = ${top + 10 - bottom}।`
        : `उधार लेकर ${top + 10} ${MINUS} ${bottom} = ${top + 10 - bottom}।`;
      lent = 1;
    } else {
      step += `${top} ${MINUS} ${bottom} = ${top - bottom}।`;
    }
    steps.push(step);
  }
  return steps.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Algebra: how an equation is written

function side(x: number, c: number, variable: string): string {
  const term =
    x === 0 ? '' : x === 1 ? variable : x === -1 ? `${MINUS}${variable}` : `${formatNumber(x)}${variable}`;
  if (!term) return formatNumber(c);
  if (c === 0) return term;
  return `${term} ${c < 0 ? MINUS : '+'} ${formatNumber(Math.abs(c))}`;
}

function minus(p: number, q: number): string {
  return q < 0
    ? `${formatNumber(p)} + ${formatNumber(-q)}`
    : `${formatNumber(p)} ${MINUS} ${formatNumber(q)}`;
}

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
const superscript = (exponent: number) =>
  [...String(exponent)].map((digit) => SUPERSCRIPT[Number(digit)] ?? '').join('');
const power = (base: number, exponent: number) => `${base}${superscript(exponent)}`;

// ---------------------------------------------------------------------------------------------
// Each kind of question

type Of<K extends QuestionData['kind']> = Extract<QuestionData, { kind: K }>;

function hindiParts(question: GeneratedQuestion): Parts {
  const { data } = question;
  switch (data.kind) {
    case 'count':
      return count(question, data);
    case 'neighbour':
      return neighbour(data);
    case 'compare':
      return compare(question, data);
    case 'place-value':
      return placeValue(data);
    case 'number-name':
      return numberNameQuestion(data);
    case 'add':
      return question.generatorId === 'add-basic' ? addBasic(question, data) : addCarry(question, data);
    case 'subtract':
      return question.generatorId === 'sub-basic'
        ? subtractBasic(question, data)
        : subtractBorrow(question, data);
    case 'missing-number':
      return missingNumber(data);
    case 'multiply':
      return question.generatorId === 'times-tables' ? timesTables(question, data) : multiply(data);
    case 'divide':
      return divide(data);
    case 'fraction-of-whole':
      return fractionOfWhole(question, data);
    case 'fraction-of-number':
      return fractionOfNumber(data);
    case 'equivalent-fraction':
      return equivalentFraction(question, data);
    case 'fraction-sum':
      return fractionSum(question, data);
    case 'decimal-place':
      return decimalPlace(data);
    case 'decimal-sum':
      return decimalSum(data);
    case 'clock-add':
      return clockAdd(data);
    case 'duration':
      return durationQuestion(question, data);
    case 'clock-24':
      return clock24(question, data);
    case 'money':
      return money(question, data);
    case 'convert':
      return convert(question, data);
    case 'linear-equation':
      return linearEquation(question, data);
    case 'integer-op':
      return integerOp(data);
    case 'percentage':
      return percentage(question, data);
    case 'quadratic':
      return quadratic(data);
    case 'exponent':
      return exponent(data);
    case 'linear-pair':
      return linearPair(data);
    default: {
      const unknown: never = data;
      throw new RangeError(`No Hindi for a ${(unknown as { kind: string }).kind} question`);
    }
  }
}

function count(question: GeneratedQuestion, data: Of<'count'>): Parts {
  const thing = lookup(THINGS, data.item, 'thing');
  const [picture] = read(question.questionText, /^How many [^?]+\? (.+)$/);
  const counting = Array.from({ length: data.count }, (_, index) => index + 1).join(', ');
  return {
    questionText: `${thing.feminine ? 'कितनी' : 'कितने'} ${thing.many} हैं? ${picture}`,
    explanation: `हर एक को छूकर गिनिए: ${counting}। कुल ${data.count} ${thing.many} हैं।`,
  };
}

function neighbour({ n, direction }: Of<'neighbour'>): Parts {
  const [before, at, after] = [n - 1, n, n + 1].map(formatNumber);
  if (direction === 'after') {
    return {
      questionText: `${at} के ठीक बाद कौन-सी संख्या आती है?`,
      explanation: `${at} से एक आगे गिनिए: अगली संख्या ${after} है।`,
    };
  }
  if (direction === 'before') {
    return {
      questionText: `${at} से ठीक पहले कौन-सी संख्या आती है?`,
      explanation: `${at} से एक पीछे गिनिए: उससे पहले की संख्या ${before} है।`,
    };
  }
  return {
    questionText: `${before} और ${after} के बीच कौन-सी संख्या आती है?`,
    explanation: `गिनिए ${before}, ${at}, ${after}: बीच की संख्या ${at} है।`,
  };
}

function compare(question: GeneratedQuestion, { numbers, want }: Of<'compare'>): Parts {
  const answer = want === 'greatest' ? Math.max(...numbers) : Math.min(...numbers);
  const word = want === 'greatest' ? 'सबसे बड़ी' : 'सबसे छोटी';
  const shown = question.options.map((option) => option.value);
  const listed = answer < 1000 ? `${shown.slice(0, 3).join(', ')} या ${shown[3] ?? ''}` : shown.join(' या ');
  const ordered = [...numbers].sort((a, b) => (want === 'greatest' ? a - b : b - a)).map(formatNumber);
  const explanation =
    classOf(question.grade) <= 0
      ? `छोटी से बड़ी तक गिनिए: ${[...numbers].sort((a, b) => a - b).join(', ')}। ${word} संख्या ${answer} है।`
      : `पहले देखिए किसमें ज़्यादा अंक हैं, फिर बाईं ओर से अंकों की तुलना कीजिए। क्रम में: ${ordered.join(want === 'greatest' ? ' < ' : ' > ')}। इसलिए ${word} संख्या ${formatNumber(answer)} है।`;
  return { questionText: `${word} संख्या कौन-सी है: ${listed}?`, explanation };
}

function placeValue({ n, place }: Of<'place-value'>): Parts {
  const digit = Math.floor(n / 10 ** place) % 10;
  const answer = digit * 10 ** place;
  return {
    questionText: `${formatNumber(n)} में ${digit} का स्थानीय मान क्या है?`,
    explanation: `${digit} ${PLACES[place] ?? ''} के स्थान पर है, इसलिए इसका मान ${digit} × ${formatNumber(10 ** place)} = ${formatNumber(answer)} है।`,
  };
}

/** 3,45,210 → "3 लाख, 45 हज़ार और 210". */
function readInGroups(n: number): string {
  const groups: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) groups.push(`${crore} करोड़`);
  if (lakh) groups.push(`${lakh} लाख`);
  if (thousand) groups.push(`${thousand} हज़ार`);
  if (rest) groups.push(String(rest));
  return groups.length > 1
    ? `${groups.slice(0, -1).join(', ')} और ${groups.at(-1) ?? ''}`
    : (groups[0] ?? '');
}

/** The question tests the English number name: the name stays English, the asking is Hindi. */
function numberNameQuestion({ n, direction }: Of<'number-name'>): Parts {
  if (direction === 'to-words') {
    return {
      questionText: `${formatNumber(n)} को अंग्रेज़ी में शब्दों में कैसे लिखते हैं?`,
      explanation: `समूहों में पढ़िए: ${readInGroups(n)}। अंग्रेज़ी में ${formatNumber(n)} को ‘${numberName(n)}’ लिखते हैं।`,
    };
  }
  return {
    questionText: `अंग्रेज़ी में ‘${numberName(n)}’ कौन-सी संख्या है?`,
    explanation: `हर समूह को उसकी जगह लिखिए: ${readInGroups(n)}। मिलाकर ${formatNumber(n)} बनता है।`,
  };
}

/** "Riya has 5 balloons. She …": the child and the things of a young child's story. */
function story(text: string) {
  const [name, things] = read(text, /^(\w+) has \d+ (\w+)\./);
  return { child: child(name ?? ''), thing: lookup(THINGS, things, 'thing') };
}

function addBasic(question: GeneratedQuestion, { a, b }: Of<'add'>): Parts {
  const sum = a + b;
  let questionText = `${a} + ${b} कितना होता है?`;
  if (!question.questionText.startsWith('What is')) {
    const { child: who, thing } = story(question.questionText);
    const got = b === 1 ? (thing.feminine ? 'मिली' : 'मिला') : thing.feminine ? 'मिलीं' : 'मिले';
    questionText = `${who.name} के पास ${a} ${thing.many} हैं, ${b} और ${got}। अब ${thing.feminine ? 'कितनी' : 'कितने'} हैं?`;
  }
  const [big, small] = a >= b ? [a, b] : [b, a];
  const toTen = 10 - big;
  const so = `इसलिए ${a} + ${b} = ${sum}।`;
  const explanation =
    sum > 10 && sum <= 20 && big < 10 && small > 2
      ? `पहले 10 बनाइए: ${big} + ${toTen} = 10। ${small} में से ${toTen} लिया, ${small - toTen} बचे: 10 + ${small - toTen} = ${sum}। ${so}`
      : sum <= 20
        ? `${big} से आगे ${small} गिनिए: ${Array.from({ length: small }, (_, index) => big + index + 1).join(', ')}। ${so}`
        : `इकाई जोड़िए: ${a % 10} + ${b % 10} = ${(a % 10) + (b % 10)}। दहाई जोड़िए: ${Math.floor(a / 10)} + ${Math.floor(b / 10)} = ${Math.floor(sum / 10)}। ${so}`;
  return { questionText, explanation };
}

function addCarry(question: GeneratedQuestion, { a, b }: Of<'add'>): Parts {
  const [fa, fb, fs] = [formatNumber(a), formatNumber(b), formatNumber(a + b)];
  return {
    questionText: `${fa} + ${fb} कितना होता है?`,
    explanation: `${carryingSteps(a, b, classOf(question.grade) <= 3)} इसलिए ${fa} + ${fb} = ${fs}।`,
  };
}

function subtractBasic(question: GeneratedQuestion, { a, b }: Of<'subtract'>): Parts {
  const difference = a - b;
  let questionText = `${a} ${MINUS} ${b} कितना होता है?`;
  if (!question.questionText.startsWith('What is')) {
    const { child: who, thing } = story(question.questionText);
    const gave = b === 1 ? (thing.feminine ? 'दे दी' : 'दे दिया') : thing.feminine ? 'दे दीं' : 'दे दिए';
    questionText = `${who.name} के पास ${a} ${thing.many} हैं, उसने ${b} ${gave}। ${thing.feminine ? 'कितनी बचीं' : 'कितने बचे'}?`;
  }
  const ones = a % 10;
  const so = `इसलिए ${a} ${MINUS} ${b} = ${difference}।`;
  const explanation =
    a <= 10 || b <= 5
      ? `${a} से पीछे ${b} गिनिए: ${Array.from({ length: b }, (_, index) => a - index - 1).join(', ')}। ${so}`
      : a <= 20 && b >= 10
        ? `10 घटाइए: ${a} ${MINUS} 10 = ${a - 10}। फिर ${b - 10} और घटाइए: ${a - 10} ${MINUS} ${b - 10} = ${difference}। ${so}`
        : a === 20
          ? `20 को 10 + 10 समझिए: 10 ${MINUS} ${b} = ${10 - b}, और 10 + ${10 - b} = ${difference}। ${so}`
          : a <= 20 && b > ones
            ? `10 तक पहुँचने के लिए ${ones} घटाइए, फिर ${b - ones} और: 10 ${MINUS} ${b - ones} = ${difference}। ${so}`
            : a <= 20
              ? `इकाई घटाइए: ${ones} ${MINUS} ${b} = ${ones - b}। ${so}`
              : `इकाई घटाइए: ${a % 10} ${MINUS} ${b % 10} = ${(a % 10) - (b % 10)}। दहाई घटाइए: ${Math.floor(a / 10)} ${MINUS} ${Math.floor(b / 10)} = ${Math.floor(difference / 10)}। ${so}`;
  return { questionText, explanation };
}

function subtractBorrow(question: GeneratedQuestion, { a, b }: Of<'subtract'>): Parts {
  const [fa, fb, fd] = [formatNumber(a), formatNumber(b), formatNumber(a - b)];
  return {
    questionText: `${fa} ${MINUS} ${fb} कितना होता है?`,
    explanation: `${borrowingSteps(a, b, classOf(question.grade) <= 3)} इसलिए ${fa} ${MINUS} ${fb} = ${fd}।`,
  };
}

function missingNumber({ op, a, b, result }: Of<'missing-number'>): Parts {
  const box = '☐';
  const f = formatNumber;
  let equation: string;
  let working: string;
  if (op === '+' && a === null && b !== null) {
    const answer = result - b;
    equation = `${box} + ${f(b)} = ${f(result)}`;
    working = `${box} = ${f(result)} ${MINUS} ${f(b)} = ${f(answer)}। जाँचिए: ${f(answer)} + ${f(b)} = ${f(result)}।`;
  } else if (op === '+' && a !== null) {
    const answer = result - a;
    equation = `${f(a)} + ${box} = ${f(result)}`;
    working = `${box} = ${f(result)} ${MINUS} ${f(a)} = ${f(answer)}। जाँचिए: ${f(a)} + ${f(answer)} = ${f(result)}।`;
  } else if (a === null && b !== null) {
    const answer = result + b;
    equation = `${box} ${MINUS} ${f(b)} = ${f(result)}`;
    working = `${box} = ${f(result)} + ${f(b)} = ${f(answer)}। जाँचिए: ${f(answer)} ${MINUS} ${f(b)} = ${f(result)}।`;
  } else if (a !== null) {
    const answer = a - result;
    equation = `${f(a)} ${MINUS} ${box} = ${f(result)}`;
    working = `${box} = ${f(a)} ${MINUS} ${f(result)} = ${f(answer)}। जाँचिए: ${f(a)} ${MINUS} ${f(answer)} = ${f(result)}।`;
  } else {
    throw new RangeError('A missing-number question without its numbers');
  }
  return { questionText: `खाली डिब्बे में कौन-सी संख्या आएगी? ${equation}`, explanation: working };
}

function timesTables(question: GeneratedQuestion, { a, b }: Of<'multiply'>): Parts {
  const product = a * b;
  let questionText = `${a} × ${b} कितना होता है?`;
  if (!question.questionText.startsWith('What is')) {
    const [name] = read(question.questionText, /^(\w+) has \d+ bags/);
    questionText = `${child(name ?? '').name} के पास ${b} थैले हैं, हर थैले में ${a} आम हैं। कुल कितने आम हैं?`;
  }
  const counting = Array.from({ length: b }, (_, index) => a * (index + 1)).join(', ');
  return {
    questionText,
    explanation: `${a} ${b === 1 ? 'का' : 'के'} ${b} समूह: ${a}-${a} करके गिनिए: ${counting}। इसलिए ${a} × ${b} = ${product}।`,
  };
}

function multiply({ a, b }: Of<'multiply'>): Parts {
  const [fa, fb, fp] = [formatNumber(a), formatNumber(b), formatNumber(a * b)];
  let explanation: string;
  if (b < 10) {
    const tens = a - (a % 10);
    explanation = `${fa} को ${formatNumber(tens)} + ${a % 10} में तोड़िए: ${formatNumber(tens)} × ${b} = ${formatNumber(tens * b)} और ${a % 10} × ${b} = ${(a % 10) * b}। जोड़िए: ${formatNumber(tens * b)} + ${(a % 10) * b} = ${fp}।`;
  } else {
    const ones = b % 10;
    const tens = b - ones;
    explanation = `इकाई से गुणा कीजिए: ${fa} × ${ones} = ${formatNumber(a * ones)}। दहाई से गुणा कीजिए: ${fa} × ${tens} = ${formatNumber(a * tens)}। जोड़िए: ${formatNumber(a * ones)} + ${formatNumber(a * tens)} = ${fp}।`;
  }
  return { questionText: `${fa} × ${fb} कितना होता है?`, explanation };
}

function divide({ dividend, divisor }: Of<'divide'>): Parts {
  const quotient = Math.floor(dividend / divisor);
  const remainder = dividend % divisor;
  const [fd, fq, fr] = [formatNumber(dividend), formatNumber(quotient), formatNumber(remainder)];
  if (remainder === 0) {
    return {
      questionText: `${fd} ÷ ${divisor} कितना होता है?`,
      explanation: `${divisor} × ${fq} = ${fd}, इसलिए ${fd} ÷ ${divisor} = ${fq}।`,
    };
  }
  const product = formatNumber(divisor * quotient);
  return {
    questionText: `${fd} को ${divisor} से भाग दीजिए। भागफल और शेषफल क्या हैं?`,
    explanation: `${divisor} × ${fq} = ${product}, और ${fd} ${MINUS} ${product} = ${fr}, जो ${divisor} से छोटा है। इसलिए भागफल ${fq} और शेषफल ${fr} है।`,
    option: (value) => {
      const [q, r] = read(value, /^Quotient ([\d,]+), remainder ([\d,]+)$/);
      return `भागफल ${q ?? ''}, शेषफल ${r ?? ''}`;
    },
  };
}

function fractionOfWhole(question: GeneratedQuestion, { parts, taken, ask }: Of<'fraction-of-whole'>): Parts {
  const [thing, name] = read(question.questionText, /^An? (.+?) is cut into \d+ equal \w+\. (\w+) eats/);
  const whole = lookup(WHOLES, thing, 'whole');
  const who = child(name ?? '');
  const left = parts - taken;
  const pieces = (n: number) => `${n} ${n === 1 ? 'टुकड़ा' : 'टुकड़े'}`;
  const start = `एक ${whole} को ${parts} बराबर टुकड़ों में काटा गया। ${who.name} ने ${pieces(taken)} ${taken === 1 ? 'खाया' : 'खाए'}।`;
  if (ask === 'taken') {
    return {
      questionText: `${start} उसने ${whole} का कितना भाग खाया?`,
      explanation: `कुल ${parts} बराबर टुकड़े हैं और ${taken} ${taken === 1 ? 'खाया गया' : 'खाए गए'}: ${parts} में से ${taken}, यानी ${formatFraction(taken, parts)}।`,
    };
  }
  return {
    questionText: `${start} ${whole} का कितना भाग बचा?`,
    explanation: `कुल ${parts} बराबर टुकड़े हैं; ${parts} ${MINUS} ${taken} = ${left} ${left === 1 ? 'बचा' : 'बचे'}: ${parts} में से ${left}, यानी ${formatFraction(left, parts)}।`,
  };
}

function fractionOfNumber({ numerator, denominator, whole }: Of<'fraction-of-number'>): Parts {
  const share = whole / denominator;
  const answer = numerator * share;
  const fraction = formatFraction(numerator, denominator);
  return {
    questionText: `${formatNumber(whole)} का ${fraction} कितना होता है?`,
    explanation:
      numerator === 1
        ? `${whole} का ${fraction} यानी ${whole} को ${denominator} बराबर भागों में बाँटना: ${whole} ÷ ${denominator} = ${answer}।`
        : `${whole} का 1/${denominator} है ${whole} ÷ ${denominator} = ${share}। इसलिए ${whole} का ${fraction} है ${numerator} × ${share} = ${answer}।`,
  };
}

function equivalentFraction(
  question: GeneratedQuestion,
  { numerator: n, denominator: d }: Of<'equivalent-fraction'>,
): Parts {
  const answer = question.options[question.correctAnswerIndex]?.value ?? '';
  const [top] = read(answer, /^(\d+)\/\d+$/);
  const k = Number(top) / n;
  return {
    questionText: `कौन-सी भिन्न ${formatFraction(n, d)} के बराबर है?`,
    explanation: `${formatFraction(n, d)} के अंश और हर दोनों को ${k} से गुणा कीजिए: ${n} × ${k} = ${n * k} और ${d} × ${k} = ${d * k}। इसलिए ${formatFraction(n, d)} = ${formatFraction(n * k, d * k)}।`,
  };
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

function fractionSum(question: GeneratedQuestion, { op, a, b }: Of<'fraction-sum'>): Parts {
  const like = question.generatorId === 'fractions-like';
  const sign = op === '+' ? '+' : MINUS;
  const show = ([n, d]: [number, number]) => formatFraction(n, d);
  const common = (a[1] * b[1]) / gcd(a[1], b[1]);
  const [scaledA, scaledB] = [a[0] * (common / a[1]), b[0] * (common / b[1])];
  const raw: [number, number] = [op === '+' ? scaledA + scaledB : scaledA - scaledB, common];
  const g = gcd(raw[0], raw[1]) || 1;
  const answer: [number, number] = [raw[0] / g, raw[1] / g];
  const ending = g !== 1 ? ` सरलतम रूप में ${show(raw)} = ${show(answer)}।` : ` इसलिए जवाब ${show(answer)} है।`;
  const explanation = like
    ? `हर एक जैसे हैं, इसलिए अंश ${op === '+' ? 'जोड़िए' : 'घटाइए'}: ${a[0]} ${sign} ${b[0]} = ${raw[0]}, यानी ${show(raw)}।${ending}`
    : `पहले हर एक जैसे बनाइए: ${[
        ...(a[1] !== common ? [`${show(a)} = ${show([scaledA, common])}`] : []),
        ...(b[1] !== common ? [`${show(b)} = ${show([scaledB, common])}`] : []),
      ].join(' और ')}। फिर ${scaledA} ${sign} ${scaledB} = ${raw[0]}, यानी ${show(raw)}।${ending}`;
  return {
    questionText: `${show(a)} ${sign} ${show(b)} कितना होता है? जवाब सरलतम रूप में दीजिए।`,
    explanation,
  };
}

function decimalPlace({ units, places, place, ask }: Of<'decimal-place'>): Parts {
  const digit = digitsOf(units)[places - place] ?? 0;
  const shown = formatDecimal(units, places);
  const name = DECIMAL_PLACES[place - 1] ?? '';
  if (ask === 'digit') {
    return {
      questionText: `${shown} में ${name} के स्थान पर कौन-सा अंक है?`,
      explanation: `दशमलव बिंदु के बाद पहले दशांश, फिर शतांश, फिर सहस्रांश आते हैं। ${shown} में ${name} का अंक ${digit} है।`,
    };
  }
  return {
    questionText: `${shown} में अंक ${digit} का मान क्या है?`,
    explanation: `${digit} ${name} के स्थान पर है, इसलिए इसका मान ${digit} ${name} = ${formatDecimal(digit, place)} है।`,
  };
}

function decimalSum({ op, a, b, places }: Of<'decimal-sum'>): Parts {
  const [fa, fb] = [formatDecimal(a, places), formatDecimal(b, places)];
  const sign = op === '+' ? '+' : MINUS;
  const decimals = (text: string) => text.split('.')[1]?.length ?? 0;
  const padded = (units: number) =>
    `${formatNumber(Math.floor(units / 10 ** places))}.${String(units % 10 ** places).padStart(places, '0')}`;
  const lineUp =
    decimals(fa) !== decimals(fb) ? `दशमलव बिंदु एक सीध में रखिए: ${padded(a)} ${sign} ${padded(b)}। ` : '';
  const names = [...DECIMAL_PLACES.slice(0, places).reverse(), 'इकाई', 'दहाई', 'सैकड़ा', 'हज़ार'];
  const before = [...DECIMAL_PLACES.slice(0, places).reverse(), 'इकाई', 'दहाई', 'सैकड़े', 'हज़ार'];
  const steps =
    op === '+' ? carryingSteps(a, b, false, names, before) : borrowingSteps(a, b, false, names, before);
  const result = op === '+' ? a + b : a - b;
  return {
    questionText: `${fa} ${sign} ${fb} कितना होता है?`,
    explanation: `${lineUp}${steps} इसलिए ${fa} ${sign} ${fb} = ${formatDecimal(result, places)}।`,
  };
}

function clockSteps(start: number, minutes: number): string {
  const later = minutes > 0;
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  const steps: string[] = [];
  const move = (from: number, by: number) =>
    `${formatClock(from)} ${later ? 'के' : 'से'} ${duration(by, true)} ${later ? 'बाद' : 'पहले'} ${formatClock(from + (later ? by : -by))} ${later ? 'बजेंगे' : 'बजे थे'}।`;
  let at = start;
  if (hours > 0) {
    steps.push(move(at, hours * 60));
    at += (later ? 1 : -1) * hours * 60;
  }
  if (rest > 0) {
    const minute = ((at % 60) + 60) % 60;
    const toHour = later ? 60 - minute : minute;
    if (rest > toHour && toHour > 0) {
      const onHour = at + (later ? toHour : -toHour);
      const end = onHour + (later ? 1 : -1) * (rest - toHour);
      steps.push(
        later
          ? `${formatClock(at)} से ${duration(toHour, true)} में ${formatClock(onHour)} बजते हैं, और ${duration(rest - toHour, true)} और में ${formatClock(end)}।`
          : `${formatClock(at)} से ${duration(toHour, true)} पीछे ${formatClock(onHour)} है, और ${duration(rest - toHour, true)} और पीछे ${formatClock(end)}।`,
      );
    } else {
      steps.push(move(at, rest));
    }
  }
  return steps.join(' ');
}

function clockAdd({ start, minutes }: Of<'clock-add'>): Parts {
  const amount = duration(Math.abs(minutes), true);
  return {
    questionText:
      minutes > 0
        ? `घड़ी में ${formatClock(start)} बजे हैं। ${amount} बाद कितने बजेंगे?`
        : `घड़ी में ${formatClock(start)} बजे हैं। ${amount} पहले कितने बजे थे?`,
    explanation: `${clockSteps(start, minutes)} इसलिए जवाब ${formatClock(start + minutes)} है।`,
  };
}

function durationSteps(start: number, end: number, young: boolean): string {
  const show = (minutes: number) => clockWithHalf(minutes, young);
  if (Math.floor(start / 60) === Math.floor(end / 60)) {
    return `${show(start)} से ${show(end)} तक ${end % 60} ${MINUS} ${start % 60} = ${end - start} मिनट हैं।`;
  }
  const steps: string[] = [];
  let at = start;
  if (at % 60) {
    const next = at + 60 - (at % 60);
    steps.push(`${show(at)} से ${show(next)} तक ${duration(next - at)}।`);
    at = next;
  }
  const wholeHours = Math.floor((end - at) / 60) * 60;
  if (wholeHours) {
    steps.push(
      steps.length
        ? `${show(at + wholeHours)} तक ${duration(wholeHours)} और।`
        : `${show(at)} से ${show(at + wholeHours)} तक ${duration(wholeHours)}।`,
    );
    at += wholeHours;
  }
  if (end > at) steps.push(`फिर ${show(end)} तक ${duration(end - at)}।`);
  return steps.join(' ');
}

function durationQuestion(question: GeneratedQuestion, { start, end }: Of<'duration'>): Parts {
  const [what] = read(question.questionText, /^(A [a-z ]+?) (?:starts|leaves) at/);
  const event = lookup(EVENTS, what, 'event');
  const young = classOf(question.grade) <= 5;
  const steps = durationSteps(start, end, young);
  return {
    questionText: `${event.what} ${clockWithHalf(start, young)} ${event.starts} और ${clockWithHalf(end, young)} ${event.ends}। ${event.ask}`,
    explanation:
      Math.floor(start / 60) === Math.floor(end / 60) ? steps : `${steps} कुल: ${duration(end - start)}।`,
    option: durationOption,
  };
}

function clock24(question: GeneratedQuestion, { minutes, to }: Of<'clock-24'>): Parts {
  const hour = Math.floor(minutes / 60);
  const young = classOf(question.grade) <= 5;
  const [twelve, twentyFour] = [clockWithHalf(minutes, young), formatClock24(minutes)];
  const [am, pm] = young
    ? ['दोपहर से पहले का (a.m.)', 'दोपहर 12 बजे के बाद का (p.m.)']
    : ['पूर्वाह्न (a.m.)', 'अपराह्न (p.m.)'];
  let rule: string;
  if (minutes === 0) rule = 'दिन रात 12 बजे शुरू होता है, जो 24-घंटे की घड़ी में 00:00 है।';
  else if (minutes === 12 * 60) rule = 'दोपहर 12 बजे 24-घंटे की घड़ी में 12:00 होता है।';
  else if (hour === 0)
    rule = `रात 12 बजे के बाद के घंटे में 24-घंटे की घड़ी 00 और 12-घंटे की घड़ी 12 दिखाती है, और समय ${am} होता है।`;
  else if (hour < 12)
    rule = young
      ? 'दोपहर 12 बजे से पहले (a.m.) दोनों घड़ियों में घंटा वही रहता है।'
      : `दोपहर 12 बजे से पहले घंटा वही रहता है, और समय ${am} होता है।`;
  else if (hour === 12) rule = `दोपहर 12 बजे के बाद के घंटे में दोनों घड़ियाँ 12 दिखाती हैं, और समय ${pm} होता है।`;
  else if (to === '24-hour')
    rule = `${young ? 'दोपहर 1 बजे (1:00 p.m.)' : '1:00 अपराह्न'} से घंटे में 12 जोड़िए: ${hour - 12} + 12 = ${hour}।`;
  else rule = `13:00 से आगे घंटे में से 12 घटाइए: ${hour} ${MINUS} 12 = ${hour - 12}, और समय ${pm} होता है।`;
  return {
    questionText:
      to === '24-hour' ? `24-घंटे की घड़ी में ${twelve} को कैसे लिखेंगे?` : `12-घंटे की घड़ी में ${twentyFour} को कैसे लिखेंगे?`,
    explanation: `${rule} इसलिए ${to === '24-hour' ? `${twelve} = ${twentyFour}` : `${twentyFour} = ${twelve}`}।`,
    option: to === '24-hour' ? sameOption : (value) => clockOption(value, young),
  };
}

function money(question: GeneratedQuestion, data: Of<'money'>): Parts {
  const text = question.questionText;
  if (data.variant === 'to-paise') {
    const amount = data.paise;
    const rupeesPart = Math.floor(amount / 100);
    return {
      questionText: `${formatRupees(amount)} में कितने पैसे होते हैं?`,
      explanation: `₹1 = 100 पैसे, इसलिए ₹${rupeesPart} = ${formatNumber(rupeesPart * 100)} पैसे। ${amount % 100} पैसे और जोड़िए: ${formatNumber(amount)} पैसे।`,
      option: (value) => value.replace(/ paise$/, ' पैसे'),
    };
  }
  if (data.variant === 'add') {
    const [name, first, second] = read(text, /^(\w+) buys an? (.+?) for ₹[\d,.]+ and an? (.+?) for ₹/);
    const who = child(name ?? '');
    const [itemA, itemB] = [lookup(SHOP_ITEMS, first, 'item'), lookup(SHOP_ITEMS, second, 'item')];
    const [a, b] = [data.paise, data.other];
    const total = a + b;
    const paiseSum = (a % 100) + (b % 100);
    const rupeeSum = Math.floor(a / 100) + Math.floor(b / 100);
    const of = (item: { feminine: boolean }) => (item.feminine ? 'की' : 'का');
    const steps =
      paiseSum >= 100
        ? `पैसे जोड़िए: ${a % 100} + ${b % 100} = ${paiseAndRupees(paiseSum)}। रुपये जोड़िए: ${Math.floor(a / 100)} + ${Math.floor(b / 100)} + 1 = ${rupeeSum + 1}।`
        : `पैसे जोड़िए: ${a % 100} + ${b % 100} = ${paiseSum}। रुपये जोड़िए: ${Math.floor(a / 100)} + ${Math.floor(b / 100)} = ${rupeeSum}।`;
    const does = who.girl ? 'करती' : 'करता';
    return {
      questionText: `${who.name} ${formatRupees(a)} ${of(itemA)} एक ${itemA.one} और ${formatRupees(b)} ${of(itemB)} एक ${itemB.one} ${who.girl ? 'खरीदती' : 'खरीदता'} है। वह कुल कितने रुपये खर्च ${does} है?`,
      explanation: `${steps} इसलिए वह ${formatRupees(total)} खर्च ${does} है।`,
    };
  }
  if (data.variant === 'change') {
    const [name, thing] = read(text, /^(\w+) buys an? (.+?) for ₹/);
    const who = child(name ?? '');
    const item = lookup(SHOP_ITEMS, thing, 'item');
    const [cost, note] = [data.paise, data.other];
    const upToRupee = 100 - (cost % 100);
    return {
      questionText: `${who.name} ${formatRupees(cost)} ${item.feminine ? 'की' : 'का'} एक ${item.one} ${who.girl ? 'खरीदती' : 'खरीदता'} है और ${rupeesOnly(note)} का नोट ${who.girl ? 'देती' : 'देता'} है। उसे कितने रुपये वापस मिलेंगे?`,
      explanation: `${formatRupees(cost)} से आगे गिनिए: ${upToRupee} पैसे जोड़कर ${rupeesOnly(cost + upToRupee)}, फिर ${rupeesOnly(note - cost - upToRupee)} और जोड़कर ${rupeesOnly(note)}। इसलिए ${formatRupees(note - cost)} वापस मिलेंगे।`,
    };
  }
  const [thing] = read(text, /^One (.+?) costs ₹/);
  const item = lookup(SHOP_ITEMS, thing, 'item');
  const [each, number] = [data.paise, data.other];
  const rupeePart = Math.floor(each / 100) * number;
  const paisePart = (each % 100) * number;
  const of = item.feminine ? 'की' : 'का';
  return {
    questionText: `एक ${item.one} ${formatRupees(each)} ${of} है। ${number} ${item.many} कितने रुपये ${item.feminine ? 'की होंगी' : 'के होंगे'}?`,
    explanation: `${number} × ₹${Math.floor(each / 100)} = ₹${formatNumber(rupeePart)} और ${number} × ${each % 100} पैसे = ${paiseAndRupees(paisePart)}। कुल: ${formatRupees(each * number)}।`,
  };
}

function convert(question: GeneratedQuestion, { amount, unit }: Of<'convert'>): Parts {
  const { big, factor } = lookup(UNIT_PAIRS, unit, 'unit pair');
  const [small, large] = [lookup(UNITS, unit, 'unit'), lookup(UNITS, big, 'unit')];
  const places = Math.round(Math.log10(factor));
  const whole = Math.floor(amount / factor);
  const part = amount % factor;
  const smallText = `${formatNumber(amount)} ${small.short}`;
  const mixedText = `${formatNumber(whole)} ${large.short} ${formatNumber(part)} ${small.short}`;
  const decimal = formatDecimal(amount, places);
  const one = `1 ${large.short} = ${formatNumber(factor)} ${small.short}`;
  const option = (value: string) =>
    value.replace(/\b(mm|cm|km|kg|mL|m|g|L)\b/g, (token) => lookup(UNITS, token, 'unit').short);
  const text = question.questionText;
  if (text.startsWith('How many')) {
    return {
      questionText: `${mixedText} में कितने ${small.name} होते हैं?`,
      explanation: `${one}, इसलिए ${whole} ${large.short} = ${formatNumber(whole * factor)} ${small.short}। ${part} ${small.short} जोड़िए: ${formatNumber(whole * factor)} + ${part} = ${smallText}।`,
      option,
    };
  }
  if (text.startsWith('Write')) {
    return {
      questionText: `${smallText} को ${large.name} और ${small.name} में लिखिए।`,
      explanation: `${one}। ${smallText} = ${formatNumber(whole * factor)} ${small.short} + ${part} ${small.short}, यानी ${mixedText}।`,
      option,
    };
  }
  if (text.startsWith(`Convert ${formatNumber(amount)} `)) {
    return {
      questionText: `${smallText} को ${large.name} में बदलिए।`,
      explanation: `${one}, इसलिए ${formatNumber(factor)} से भाग दीजिए: ${formatNumber(amount)} ÷ ${formatNumber(factor)} = ${decimal}। इसलिए जवाब ${decimal} ${large.short} है।`,
      option,
    };
  }
  return {
    questionText: `${decimal} ${large.short} को ${small.name} में बदलिए।`,
    explanation: `${one}, इसलिए ${formatNumber(factor)} से गुणा कीजिए: ${decimal} × ${formatNumber(factor)} = ${formatNumber(amount)}। इसलिए जवाब ${smallText} है।`,
    option,
  };
}

function linearEquation(
  question: GeneratedQuestion,
  { variable: v, left, right }: Of<'linear-equation'>,
): Parts {
  const [equation] = read(question.questionText, /^Solve: (.+)$/);
  const solution = (right.c - left.c) / (left.x - right.x);
  const s = formatNumber(solution);
  let steps: string;
  if (equation?.includes('(')) {
    const [a, b] = [left.x, left.c / left.x];
    steps = `दोनों ओर को ${a} से भाग दीजिए: ${side(1, b, v)} = ${formatNumber(solution + b)}। फिर ${b > 0 ? `दोनों ओर से ${b} घटाइए` : `दोनों ओर ${-b} जोड़िए`}: ${v} = ${s}।`;
  } else if (right.x !== 0) {
    const [a, c, b] = [left.x, right.x, left.c];
    steps = `${v} वाले पद बाईं ओर और संख्याएँ दाईं ओर ले जाइए: ${side(a, 0, v)} ${MINUS} ${side(c, 0, v)} = ${minus(right.c, b)}, इसलिए ${side(a - c, 0, v)} = ${formatNumber((a - c) * solution)}।${a - c === 1 ? '' : ` ${a - c} से भाग दीजिए: ${v} = ${s}।`}`;
  } else if (left.x === 1) {
    const shift = left.c;
    steps =
      shift > 0
        ? `दोनों ओर से ${shift} घटाइए: ${v} = ${minus(right.c, shift)} = ${s}।`
        : `दोनों ओर ${-shift} जोड़िए: ${v} = ${formatNumber(right.c)} + ${-shift} = ${s}।`;
  } else if (left.c === 0) {
    steps = `दोनों ओर को ${left.x} से भाग दीजिए: ${v} = ${formatNumber(right.c)} ÷ ${left.x} = ${s}।`;
  } else {
    const [a, c] = [left.x, left.c];
    steps = `${c > 0 ? `दोनों ओर से ${c} घटाइए` : `दोनों ओर ${-c} जोड़िए`}: ${a}${v} = ${minus(right.c, c)} = ${formatNumber(a * solution)}। दोनों ओर को ${a} से भाग दीजिए: ${v} = ${s}।`;
  }
  return {
    questionText: `हल कीजिए: ${equation ?? ''}`,
    explanation: `${steps} जाँचिए: ${v} = ${s} रखने पर दोनों ओर ${formatNumber(left.x * solution + left.c)} आता है।`,
  };
}

function integerOp({ op, a, b }: Of<'integer-op'>): Parts {
  const answer = op === '+' ? a + b : op === '-' ? a - b : op === '×' ? a * b : a / b;
  const shown = `${bracketed(a)} ${op === '-' ? MINUS : op} ${bracketed(b)}`;
  let working: string;
  if (op === '+') {
    working =
      Math.sign(a) === Math.sign(b)
        ? `दोनों ऋणात्मक हैं: संख्याएँ जोड़िए, ${Math.abs(a)} + ${Math.abs(b)} = ${Math.abs(answer)}, और ऋण चिह्न लगाइए।`
        : `चिह्न अलग हैं: बड़ी में से छोटी घटाइए, ${Math.max(Math.abs(a), Math.abs(b))} ${MINUS} ${Math.min(Math.abs(a), Math.abs(b))} = ${Math.abs(answer)}, और उस संख्या का चिह्न लगाइए जो 0 से ज़्यादा दूर है।`;
  } else if (op === '-') {
    working = `${bracketed(b)} घटाना ${bracketed(-b)} जोड़ने के बराबर है: ${bracketed(a)} + ${bracketed(-b)}।`;
  } else {
    working = `${Math.abs(a)} ${op} ${Math.abs(b)} = ${Math.abs(answer)}। ${Math.sign(a) === Math.sign(b) ? 'चिह्न एक जैसे हैं, इसलिए जवाब धनात्मक है।' : 'चिह्न अलग हैं, इसलिए जवाब ऋणात्मक है।'}`;
  }
  return {
    questionText: `${shown} कितना होता है?`,
    explanation: `${working} इसलिए ${shown} = ${formatNumber(answer)}।`,
  };
}

function percentage(question: GeneratedQuestion, data: Of<'percentage'>): Parts {
  const { base, rate, years, after } = data;
  const text = question.questionText;
  const itemOf = (pattern: RegExp) => lookup(PRICED_ITEMS, read(text, pattern)[0], 'item');
  switch (data.variant) {
    case 'of': {
      const answer = (base * rate) / 100;
      return {
        questionText: `${formatNumber(base)} का ${rate}% कितना होता है?`,
        explanation: `${rate}% का मतलब है 100 में से ${rate}। ${formatNumber(base)} × ${rate} ÷ 100 = ${formatNumber(answer)}।`,
      };
    }
    case 'discount': {
      const item = itemOf(/^A (.+?) costs ₹/);
      const off = base - after;
      return {
        questionText: `${item} का दाम ${rupees(base)} है। दुकान ${rate}% छूट देती है। छूट के बाद विक्रय मूल्य क्या है?`,
        explanation: `छूट = ${rupees(base)} का ${rate}% = ${rupees(off)}। विक्रय मूल्य: ${rupees(base)} ${MINUS} ${rupees(off)} = ${rupees(after)}।`,
      };
    }
    case 'change': {
      const item = itemOf(/^The price of a (.+?) (?:rose|fell) from/);
      const rise = after > base;
      const difference = Math.abs(after - base);
      return {
        questionText: `${item} का दाम ${rupees(base)} से ${rise ? 'बढ़कर' : 'घटकर'} ${rupees(after)} हो गया। दाम कितने प्रतिशत ${rise ? 'बढ़ा' : 'घटा'}?`,
        explanation: `दाम ${rupees(difference)} ${rise ? 'बढ़ा' : 'घटा'}। पुराने दाम का प्रतिशत: ${formatNumber(difference)} ÷ ${formatNumber(base)} × 100 = ${rate}%।`,
      };
    }
    case 'simple-interest': {
      const perYear = (base * rate) / 100;
      return {
        questionText: `${rupees(base)} पर ${rate}% वार्षिक दर से ${years} वर्ष का साधारण ब्याज ज्ञात कीजिए।`,
        explanation: `एक वर्ष का ब्याज: ${rupees(base)} का ${rate}% = ${rupees(perYear)}। ${years} वर्ष का: ${rupees(perYear)} × ${years} = ${rupees(perYear * years)}।`,
      };
    }
    case 'compound-interest': {
      let amount = base;
      const amounts: string[] = [];
      for (let year = 0; year < years; year += 1) {
        amount += (amount * rate) / 100;
        amounts.push(rupees(amount));
      }
      return {
        questionText: `${rupees(base)} पर ${rate}% वार्षिक दर से ${years} वर्ष का चक्रवृद्धि ब्याज ज्ञात कीजिए, जब ब्याज हर वर्ष जुड़ता है।`,
        explanation: `हर वर्ष राशि में ${rate}% जोड़िए: ${rupees(base)} से ${amounts.join(', फिर ')} बनते हैं। ब्याज: ${rupees(after)} ${MINUS} ${rupees(base)} = ${rupees(after - base)}।`,
      };
    }
  }
}

function quadratic({ b, c }: Of<'quadratic'>): Parts {
  const root = Math.sqrt(b * b - 4 * c);
  const [r, s] = [(-b - root) / 2, (-b + root) / 2];
  const linear = b === 0 ? '' : ` ${b < 0 ? MINUS : '+'} ${Math.abs(b) === 1 ? '' : Math.abs(b)}x`;
  const equation = `x²${linear} ${c < 0 ? MINUS : '+'} ${Math.abs(c)} = 0`;
  const factor = (n: number) => `(x ${n < 0 ? '+' : MINUS} ${Math.abs(n)})`;
  const roots = `x = ${formatNumber(r)} या x = ${formatNumber(s)}`;
  return {
    questionText: `हल कीजिए: ${equation}`,
    explanation: `ऐसी दो संख्याएँ खोजिए जिनका गुणनफल ${formatNumber(c)} और योग ${formatNumber(b)} हो: ${formatNumber(-r)} और ${formatNumber(-s)}। इसलिए ${equation.replace(' = 0', '')} = ${factor(r)}${factor(s)} = 0, और ${roots}।`,
    option: (value) => value.replace(' or ', ' या '),
  };
}

function exponent({ op, base, m, n }: Of<'exponent'>): Parts {
  if (op === 'value') {
    const value = base ** m;
    return {
      questionText: `${power(base, m)} का मान क्या है?`,
      explanation: `${power(base, m)} का मतलब है ${base} को ${m} बार आपस में गुणा करना: ${Array.from({ length: m }, () => base).join(' × ')} = ${formatNumber(value)}।`,
    };
  }
  const result = op === '×' ? m + n : op === '÷' ? m - n : m * n;
  const shown =
    op === 'power' ? `(${power(base, m)})${superscript(n)}` : `${power(base, m)} ${op} ${power(base, n)}`;
  const rule =
    op === '×'
      ? `आधार एक ही है, इसलिए घातांक जोड़िए: ${m} + ${n} = ${result}।`
      : op === '÷'
        ? `आधार एक ही है, इसलिए घातांक घटाइए: ${m} ${MINUS} ${n} = ${result}।`
        : `घात की घात: घातांकों को गुणा कीजिए, ${m} × ${n} = ${result}।`;
  return {
    questionText: `सरल कीजिए: ${shown}`,
    explanation: `${rule} इसलिए ${shown} = ${power(base, result)}।`,
  };
}

function linearPair({ first, second }: Of<'linear-pair'>): Parts {
  const [a, , c1] = first;
  const [b, , c2] = second;
  const x = (c1 + c2) / (a + b);
  const y = c1 - a * x;
  const f = formatNumber;
  const one = `${side(a, 0, 'x')} + y = ${f(c1)}`;
  const two = `${side(b, 0, 'x')} ${MINUS} y = ${f(c2)}`;
  return {
    questionText: `समीकरण युग्म हल कीजिए: ${one} और ${two}।`,
    explanation: `y हटाने के लिए दोनों समीकरण जोड़िए: ${side(a + b, 0, 'x')} = ${f(c1 + c2)}, इसलिए x = ${f(c1 + c2)} ÷ ${a + b} = ${f(x)}। पहले समीकरण में x = ${f(x)} रखिए: y = ${f(c1)} ${MINUS} ${a === 1 ? bracketed(x) : `${a} × ${bracketed(x)}`} = ${f(y)}। इसलिए x = ${f(x)}, y = ${f(y)}।`,
  };
}
