import { CertificationProgress } from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * GET /certification/progress (spec §7), read through the shared schema: an answer that does not
 * match the contract is an error, so the card never draws from half a payload.
 */
export async function fetchCertificationProgress(signal?: AbortSignal): Promise<CertificationProgress> {
  const { data } = await apiRequest('/certification/progress', { signal });
  return CertificationProgress.parse(data);
}
