import { formatDate as formatDateShown, formatNumber } from '../../../i18n/format.ts';

/** Dates are shown in the language shown now (design.md §5), e.g. 21/11/2025; '—' for none. */
export function formatDate(iso: string | null | undefined): string {
  return (iso && formatDateShown(iso, 'numeric')) || '—';
}

/** e.g. '20 Mar 2026, 9:15 am'; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return (iso && formatDateShown(iso, 'dateTime')) || '—';
}

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** A score percentage with two decimals (spec §9). */
export function formatScore(score: number): string {
  return `${formatNumber(score, TWO_DECIMALS)}%`;
}
