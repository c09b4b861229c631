import {
  encodeGradeParam,
  PublishedQuizzesResponse,
  QuizCategoriesResponse,
  QuizHistoryResponse,
  type PublishedQuiz,
} from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';

/** Spec §7: the categories with practice quizzes for the learner's grade (sent as base64). */
export async function fetchCategories(grade: string, signal?: AbortSignal): Promise<string[]> {
  const param = encodeURIComponent(encodeGradeParam(grade));
  const { data } = await apiRequest(`/quizzes/quiz-categories?param=${param}`, { signal });
  return QuizCategoriesResponse.parse(data).categories;
}

/** Spec §7: the published practice quizzes of a category; with none, the featured ones. */
export async function fetchPublishedQuizzes(
  grade: string,
  category: string | null,
  signal?: AbortSignal,
): Promise<PublishedQuiz[]> {
  const { data } = await apiRequest('/quizzes/published', {
    method: 'POST',
    body: { category, grade: encodeGradeParam(grade) },
    signal,
  });
  return PublishedQuizzesResponse.parse(data).quizzes;
}

/** Spec §7: the practice history, read for the plan's cap on distinct quizzes. */
export async function fetchPracticeHistory(signal?: AbortSignal): Promise<QuizHistoryResponse> {
  const { data } = await apiRequest('/quizzes/history?type=practice', { signal });
  return QuizHistoryResponse.parse(data);
}
