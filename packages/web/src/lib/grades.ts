import { useEffect, useState } from 'react';
import { GRADES, GradesResponse, type Grade } from '@quizquest/shared';
import type { SelectOption } from '../components/select-field.tsx';
import { msg } from '../i18n/i18n.ts';
import type { Translate } from '../i18n/use-text.ts';
import { apiRequest } from './api-client.ts';

/** The grade list of GET /api/grades/get-grades (sign-up, profile and the admin quiz form use it). */
export async function fetchGrades(signal?: AbortSignal): Promise<Grade[]> {
  const { data } = await apiRequest('/grades/get-grades', { auth: false, signal });
  return GradesResponse.parse(data);
}

/** The catalogue the server serves the grades from; the fallback when the call fails. */
export const CATALOGUE_GRADES: readonly Grade[] = GRADES;

/**
 * The grades a form offers (sign-up, profile): the catalogue at once, so the select is never
 * empty, then the server's list when it answers; the catalogue stays when the call fails.
 */
export function useGrades(): readonly Grade[] {
  const [grades, setGrades] = useState<readonly Grade[]>(CATALOGUE_GRADES);
  useEffect(() => {
    const controller = new AbortController();
    fetchGrades(controller.signal).then(setGrades, () => undefined);
    return () => controller.abort();
  }, []);
  return grades;
}

/** The grades with a name of their own; Class 1 to Class 12 ('c-1' … 'c-12') share one message. */
const NAMED_GRADES: Record<string, string> = {
  Nursery: msg('common.grade.nursery'),
  'Jr-Kg': msg('common.grade.jrKg'),
  'Sr-Kg': msg('common.grade.srKg'),
};

const CLASS_GRADE = /^c-(\d{1,2})$/;

/**
 * A grade's label in the language shown ('Class 3', 'कक्षा 3') for its value ('c-3'); a value
 * outside the catalogue keeps `fallback` (the label the server sent), else '' (issue 18).
 */
export function gradeLabel(value: string | null | undefined, t: Translate, fallback = ''): string {
  if (!value) return fallback;
  const named = NAMED_GRADES[value];
  if (named) return t(named);
  const classNumber = CLASS_GRADE.exec(value)?.[1];
  return classNumber ? t('common.grade.class', { number: Number(classNumber) }) : fallback;
}

/** A grade select's options, labelled in the language shown. */
export function gradeOptions(grades: readonly Grade[], t: Translate): SelectOption[] {
  return grades.map((grade) => ({ value: grade.value, label: gradeLabel(grade.value, t, grade.label) }));
}
