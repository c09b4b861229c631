import {
  dataExportFileName,
  ProfileResponse,
  type DeleteAccountRequest,
  type ProfileUpdateRequest,
} from '@quizquest/shared';
import { apiFile, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-file.ts';

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

/** The file name the server chose (Content-Disposition), else today's. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"/\\]+)"/.exec(header);
  return match?.[1] ?? dataExportFileName(new Date().toISOString().slice(0, 10));
}

/**
 * A data export saved as a JSON file. Fetched with the bearer header and saved from a blob: URL,
 * so the token never appears in a URL (like lib/open-pdf.ts). Fails with an ApiError.
 */
async function downloadExport(path: string): Promise<void> {
  const response = await apiFile(path, 'application/json');
  const text = await response.text();
  saveBlob(new Blob([text], { type: 'application/json' }), fileNameOf(response));
}

/** GET /api/user/export: the data of the learner signed in, saved as a JSON file. */
export async function downloadMyData(): Promise<void> {
  await downloadExport('/user/export');
}

/** GET /api/learners/{id}/export: one child's data file (family accounts, decision 035). */
export async function downloadChildData(learnerId: string): Promise<void> {
  await downloadExport(`/learners/${encodeURIComponent(learnerId)}/export`);
}

/** GET /api/account/export: one file with every child's data (family accounts, decision 035). */
export async function downloadFamilyData(): Promise<void> {
  await downloadExport('/account/export');
}

/** POST /api/user/delete-account: erases the account once the password is confirmed. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiRequest('/user/delete-account', { method: 'POST', body });
}

/** PUT /api/account/digest: the weekly e-mail report to the parent, on or off (decision 035). */
export async function saveWeeklyDigest(weeklyDigest: boolean): Promise<void> {
  await apiRequest('/account/digest', { method: 'PUT', body: { weeklyDigest } });
}
