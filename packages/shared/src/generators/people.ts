import type { Rng } from './rng.ts';

/** Children's names from across India, with the pronoun the story uses. */
const CHILDREN = [
  { name: 'Riya', she: 'She' },
  { name: 'Aarav', she: 'He' },
  { name: 'Meera', she: 'She' },
  { name: 'Kabir', she: 'He' },
  { name: 'Anaya', she: 'She' },
  { name: 'Arjun', she: 'He' },
  { name: 'Diya', she: 'She' },
  { name: 'Vihaan', she: 'He' },
  { name: 'Zoya', she: 'She' },
  { name: 'Ishaan', she: 'He' },
  { name: 'Priya', she: 'She' },
  { name: 'Rohan', she: 'He' },
  { name: 'Simran', she: 'She' },
  { name: 'Karthik', she: 'He' },
  { name: 'Fatima', she: 'She' },
  { name: 'Joseph', she: 'He' },
] as const;

export type Child = (typeof CHILDREN)[number];

export function pickChild(rng: Rng): Child {
  return rng.pick(CHILDREN);
}
