import { useEffect, useState } from 'react';
import { LearningSummaryResponse, type CategoryMastery } from '@quizquest/shared';
import { LEARNING_SUMMARY_PATH } from './api-paths.ts';
import { apiGet } from './prefetch.ts';

export async function fetchLearningSummary(signal?: AbortSignal): Promise<LearningSummaryResponse> {
  const { data } = await apiGet(LEARNING_SUMMARY_PATH, { signal });
  return LearningSummaryResponse.parse(data);
}

/**
 * The summary once it has loaded; null before, and when it cannot be read: streaks and badges are
 * extras around the spec's pages, so a failure leaves them out quietly instead of adding a toast.
 */
export function useLearningSummary(): LearningSummaryResponse | null {
  const [summary, setSummary] = useState<LearningSummaryResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchLearningSummary(controller.signal).then(setSummary, () => undefined);
    return () => controller.abort();
  }, []);
  return summary;
}

/** The mastery of `category` (names compared as the server stores them: trimmed, any case). */
export function masteryOf(
  summary: LearningSummaryResponse | null,
  category: string,
): CategoryMastery | undefined {
  const wanted = category.trim().toLowerCase();
  return summary?.mastery.find((entry) => entry.category.trim().toLowerCase() === wanted);
}
