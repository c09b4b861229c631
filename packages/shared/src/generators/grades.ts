/** The app's grade values (catalogue/grades.ts), as a type the generators can switch on. */
export const MATHS_GRADES = [
  'Nursery',
  'Jr-Kg',
  'Sr-Kg',
  'c-1',
  'c-2',
  'c-3',
  'c-4',
  'c-5',
  'c-6',
  'c-7',
  'c-8',
  'c-9',
  'c-10',
  'c-11',
  'c-12',
] as const;
export type MathsGrade = (typeof MATHS_GRADES)[number];

export function isMathsGrade(value: string): value is MathsGrade {
  return (MATHS_GRADES as readonly string[]).includes(value);
}

/** Nursery −2, Jr. Kg −1, Sr. Kg 0, Class n → n: so "Class 3 and up" is `classOf(grade) >= 3`. */
export function classOf(grade: MathsGrade): number {
  return MATHS_GRADES.indexOf(grade) - 2;
}

/** The grades from `first` to `last`, both included. */
export function gradesFrom(first: MathsGrade, last: MathsGrade): readonly MathsGrade[] {
  return MATHS_GRADES.slice(MATHS_GRADES.indexOf(first), MATHS_GRADES.indexOf(last) + 1);
}
