import { FamilyReportResponse } from '@quizquest/shared';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

/** The windows the report offers (REPORT_DAYS of the contract). */
export type ReportDays = 7 | 30;

/**
 * GET /reports/family?days=7|30: every child of the account over the last `days` days (decision
 * 035). An answer that does not match the contract is treated like a failed call.
 */
export async function fetchFamilyReport(
  days: ReportDays,
  options: { signal?: AbortSignal } = {},
): Promise<FamilyReportResponse> {
  const { status, data } = await apiRequest(`/reports/family?days=${days}`, options);
  const result = FamilyReportResponse.safeParse(data);
  if (!result.success) throw new ApiError(status);
  return result.data;
}
