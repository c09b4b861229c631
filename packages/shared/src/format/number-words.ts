/**
 * Whole numbers in English words in the Indian system (thousand, lakh, crore), for the maths
 * generators (as NCERT writes them: 3,45,210 → 'three lakh forty-five thousand two hundred ten')
 * and for amounts on the payment page (as a cheque writes them, with 'and' after the hundreds:
 * 299 → 'two hundred and ninety-nine').
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowHundred(value: number): string {
  if (value < 20) return ONES[value] ?? '';
  const ones = value % 10;
  return `${TENS[Math.floor(value / 10)] ?? ''}${ones ? `-${ONES[ones] ?? ''}` : ''}`;
}

function belowThousand(value: number, and: boolean): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const words: string[] = [];
  if (hundreds) words.push(`${ONES[hundreds] ?? ''} hundred`);
  if (rest) words.push(belowHundred(rest));
  return words.join(hundreds && and ? ' and ' : ' ');
}

/** 0 to 99,99,99,999 in words; `and` writes 'two hundred and ninety-nine' as a cheque does. */
export function numberInWords(value: number, options: { and?: boolean } = {}): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1_000_000_000) {
    throw new RangeError(`numberInWords(${value})`);
  }
  if (value === 0) return 'zero';
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const words: string[] = [];
  if (crore) words.push(`${belowHundred(crore)} crore`);
  if (lakh) words.push(`${belowHundred(lakh)} lakh`);
  if (thousand) words.push(`${belowHundred(thousand)} thousand`);
  if (rest) words.push(belowThousand(rest, options.and ?? false));
  return words.join(' ');
}
