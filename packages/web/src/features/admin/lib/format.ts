import { formatEnInDate } from '@quizquest/shared';

/** Dates are shown en-IN (design.md §5), e.g. 21/11/2025; '—' for none. */
export function formatDate(iso: string | null | undefined): string {
  return (iso && formatEnInDate(iso, 'numeric')) || '—';
}

/** e.g. '20 Mar 2026, 9:15 am'; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return (iso && formatEnInDate(iso, 'dateTime')) || '—';
}

/** A score percentage with two decimals (spec §9). */
export function formatScore(score: number): string {
  return `${score.toFixed(2)}%`;
}
