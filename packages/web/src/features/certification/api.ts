import { CertificateVerification, MyCertificationsResponse } from '@quizquest/shared';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

/** An answer that does not match the contract is treated like a failed call: the page shows its error. */
function parsed<T>(
  schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false } },
  status: number,
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(status);
  return result.data;
}

/** GET /certification/my-certifications: every certification earned and the complete levels. */
export async function fetchMyCertifications(
  options: { signal?: AbortSignal } = {},
): Promise<MyCertificationsResponse> {
  const { status, data } = await apiRequest('/certification/my-certifications', options);
  return parsed(MyCertificationsResponse, status, data);
}

/** GET /certificates/verify/{code}: public, so no bearer token is sent. */
export async function fetchVerification(
  code: string,
  options: { signal?: AbortSignal } = {},
): Promise<CertificateVerification> {
  const { status, data } = await apiRequest(`/certificates/verify/${encodeURIComponent(code)}`, {
    ...options,
    auth: false,
  });
  return parsed(CertificateVerification, status, data);
}

/** The path openPdf fetches for a level's certificate (spec §7 /certification/view?level={n}). */
export const certificatePath = (level: number) => `/certification/view?level=${level}`;
