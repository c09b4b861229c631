import { useEffect, useState } from 'react';
import { GRADES, GradesResponse, type Grade } from '@quizquest/shared';
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
