import { PlansResponse } from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';

/** The four plans with their payment links and the support number (configuration on the server). */
export async function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  const { data } = await apiRequest('/plans', { signal });
  return PlansResponse.parse(data);
}
