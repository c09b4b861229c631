/** The 15 grades of spec §3: Nursery, Jr. Kg, Sr. Kg and Class 1 to Class 12. */
export interface Grade {
  _id: string;
  value: string;
  label: string;
}

const gradeSeeds: Array<[value: string, label: string]> = [
  ['Nursery', 'Nursery'],
  ['Jr-Kg', 'Jr. Kg'],
  ['Sr-Kg', 'Sr. Kg'],
  ...Array.from({ length: 12 }, (_, index): [string, string] => [`c-${index + 1}`, `Class ${index + 1}`]),
];

export const GRADES: readonly Grade[] = gradeSeeds.map(([value, label]) => ({ _id: value, value, label }));

export const GRADE_VALUES = GRADES.map((grade) => grade.value) as [string, ...string[]];

export function isGradeValue(value: string): boolean {
  return GRADE_VALUES.includes(value);
}

export function gradeLabel(value: string | null | undefined): string {
  return GRADES.find((grade) => grade.value === value)?.label ?? '';
}
