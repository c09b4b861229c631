/** The family report's API read (decision 035), without its schema: route-preload.ts starts it early. */

/** The windows the report offers (REPORT_DAYS of the contract). */
export type ReportDays = 7 | 30;

/** The window the report opens on. */
export const FIRST_REPORT_DAYS: ReportDays = 7;

export const familyReportPath = (days: ReportDays) => `/reports/family?days=${days}`;
