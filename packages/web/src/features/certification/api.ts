import {
  CertificateVerification,
  CREDENTIAL_MEDIA_TYPE,
  credentialFileName,
  MyCertificationsResponse,
  VerifyCredentialResponse,
  type VerifyCredentialRequest,
} from '@quizquest/shared';
import { ApiError, apiFile, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-file.ts';

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

/** A compact JWS: three base64url parts (the header, the payload and the signature). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * GET /certification/credential?level={n}: the level's certificate as a signed Open Badges 3.0
 * credential (a VC-JWT, decision 037), saved as `quizquest-level-<n>-credential.jwt`. With
 * `includeName` the learner's name goes into it, which the parent PIN guards when one is set: the
 * 403 'pin-required' comes back as an ApiError for useParentPin. Fetched with the bearer header
 * and saved from a blob: URL, so the token never appears in a URL.
 */
export async function downloadCredential(level: number, includeName: boolean): Promise<void> {
  const response = await apiFile(
    `/certification/credential?level=${level}${includeName ? '&includeName=true' : ''}`,
    CREDENTIAL_MEDIA_TYPE,
  );
  const credential = (await response.text()).trim();
  // Anything else (a page of HTML from a proxy) is not saved as if it were the credential.
  if (!COMPACT_JWS.test(credential)) throw new ApiError(response.status);
  saveBlob(new Blob([credential], { type: CREDENTIAL_MEDIA_TYPE }), credentialFileName(level));
}

/**
 * POST /credentials/verify: public, so no bearer token is sent. A credential (the compact JWS as
 * downloaded) or a certificate code; the answer says valid, revoked, expired or invalid.
 */
export async function verifyCredential(
  body: VerifyCredentialRequest,
  options: { signal?: AbortSignal } = {},
): Promise<VerifyCredentialResponse> {
  const { status, data } = await apiRequest('/credentials/verify', {
    ...options,
    method: 'POST',
    body,
    auth: false,
  });
  return parsed(VerifyCredentialResponse, status, data);
}
