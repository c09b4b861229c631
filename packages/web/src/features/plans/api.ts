import { PlanPaymentResponse, PlansResponse } from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';

/** The four plans with their payment links and the support number (configuration on the server). */
export async function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  const { data } = await apiRequest('/plans', { signal });
  return PlansResponse.parse(data);
}

/** How the signed-in learner pays for one plan: its link, or the UPI QR code and reference. */
export async function fetchPlanPayment(planId: string, signal?: AbortSignal): Promise<PlanPaymentResponse> {
  const { data } = await apiRequest(`/plans/${encodeURIComponent(planId)}/payment`, { signal });
  return PlanPaymentResponse.parse(data);
}
