import { FamilyReportResponse } from '@quizquest/shared';
import { ApiError } from '../../lib/api-client.ts';
import { apiGet } from '../../lib/prefetch.ts';
import { familyReportPath, type ReportDays } from './api-paths.ts';

/**
 * GET /reports/family?days=7|30: every child of the account over the last `days` days (decision
 * 035). An answer that does not match the contract is treated like a failed call. On arrival at the
 * report the request started beside the page's code (route-preload.ts) is the one read; asked
 * again after the parent PIN, it is a new request that carries the PIN's proof.
 */
export async function fetchFamilyReport(
  days: ReportDays,
  options: { signal?: AbortSignal } = {},
): Promise<FamilyReportResponse> {
  const { status, data } = await apiGet(familyReportPath(days), options);
  const result = FamilyReportResponse.safeParse(data);
  if (!result.success) throw new ApiError(status);
  return result.data;
}
