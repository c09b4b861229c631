import { GRADES, GradesResponse, type Grade } from '@quizquest/shared';
import { apiRequest } from './api-client.ts';

/** The grade list of GET /api/grades/get-grades (sign-up, profile and the admin quiz form use it). */
export async function fetchGrades(signal?: AbortSignal): Promise<Grade[]> {
  const { data } = await apiRequest('/grades/get-grades', { auth: false, signal });
  return GradesResponse.parse(data);
}

/** The catalogue the server serves the grades from; the fallback when the call fails. */
export const CATALOGUE_GRADES: readonly Grade[] = GRADES;
