import { CertificationProgress } from '@quizquest/shared';
import { apiGet } from '../../lib/prefetch.ts';
import { CERTIFICATION_PROGRESS_PATH } from './api-paths.ts';

/**
 * GET /certification/progress (spec §7), read through the shared schema: an answer that does not
 * match the contract is an error, so the card never draws from half a payload. On arrival at
 * /dashboard the request started beside the page's code (route-preload.ts) is the one read.
 */
export async function fetchCertificationProgress(signal?: AbortSignal): Promise<CertificationProgress> {
  const { data } = await apiGet(CERTIFICATION_PROGRESS_PATH, { signal });
  return CertificationProgress.parse(data);
}
