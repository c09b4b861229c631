import { FAMILY_ERROR_CODES, VerifyPinResponse, type SetPinRequest } from '@quizquest/shared';
import { ApiError, apiRequest } from './api-client.ts';
import { clearParentPinProof, keepParentPinProof } from './parent-pin-proof.ts';

/**
 * The parent PIN (decision 035): the calls that verify, set, change, remove and reset it. The proof
 * a verification answers is kept in memory (parent-pin-proof.ts) and sent by the API client.
 */

export { clearParentPinProof, liveParentPinProof } from './parent-pin-proof.ts';

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' && data.message !== '' ? data.message : undefined;
}

/** POST /api/account/pin/verify: a right PIN's proof is kept for the guarded requests that follow. */
export async function verifyParentPin(pin: string): Promise<void> {
  const { data } = await apiRequest('/account/pin/verify', { method: 'POST', body: { pin } });
  const { pinToken, expiresAt } = VerifyPinResponse.parse(data);
  keepParentPinProof(pinToken, expiresAt);
}

/**
 * PUT /api/account/pin: sets or changes the PIN (`pin`), or removes it (`pin: null`), confirmed
 * with the account's password. A proof of the old PIN no longer counts either way.
 */
export async function setParentPin(body: SetPinRequest): Promise<string | undefined> {
  const { data } = await apiRequest('/account/pin', { method: 'PUT', body });
  clearParentPinProof();
  return messageOf(data);
}

/** POST /api/account/pin/reset: e-mails the account a link that removes the PIN. */
export async function requestPinReset(): Promise<string | undefined> {
  const { data } = await apiRequest('/account/pin/reset', { method: 'POST' });
  return messageOf(data);
}

/**
 * POST /api/account/pin/reset-confirm: the e-mailed link's token removes the PIN. Opened from the
 * e-mail, perhaps on a device that is not signed in: the token alone names the account.
 */
export async function confirmPinReset(token: string): Promise<string | undefined> {
  const { data } = await apiRequest('/account/pin/reset-confirm', { method: 'POST', body: { token } });
  clearParentPinProof();
  return messageOf(data);
}

/** Whether a request was refused for want of the parent PIN ('pin-required'), or because it is locked. */
export function needsParentPin(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === FAMILY_ERROR_CODES.pinRequired || error.code === FAMILY_ERROR_CODES.pinLocked)
  );
}

/** Whether the PIN is locked after too many wrong tries ('pin-locked'): only the e-mailed reset opens it. */
export function isPinLocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === FAMILY_ERROR_CODES.pinLocked;
}

/** Whether the PIN given was wrong ('pin-wrong'). */
export function isPinWrong(error: unknown): boolean {
  return error instanceof ApiError && error.code === FAMILY_ERROR_CODES.pinWrong;
}
