import { ProfileResponse, type ProfileUpdateRequest } from '@quizquest/shared';
import { apiRequest } from '../../lib/api-client.ts';

/** Spec §7 GET /user/profile. */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  const { data } = await apiRequest('/user/profile', { signal });
  return ProfileResponse.parse(data);
}

/** Spec §7 PUT /user/profile: answers the saved profile. */
export async function saveProfile(body: ProfileUpdateRequest): Promise<ProfileResponse> {
  const { data } = await apiRequest('/user/profile', { method: 'PUT', body });
  return ProfileResponse.parse(data);
}
