import { INDIA_TIME_ZONE } from '@quizquest/shared';
import { formatDate } from '../../i18n/format.ts';

/** The date of an ISO time in the language shown, '12 March 2026' (design.md §5); '' for a bad value. */
export function formatCertificateDate(iso: string): string {
  return formatDate(iso, 'long');
}

/**
 * The issue date as printed on the certificate: in India's time zone, so the verification page
 * shows the same day as the PDF.
 */
export function formatIssuedDate(iso: string): string {
  return formatDate(iso, 'long', INDIA_TIME_ZONE);
}
