import type { LoginRequest, LoginResponse, SignupRequest } from '@quizquest/shared';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { toSessionUser } from '../../lib/session-user.ts';

/** The sign-in calls send no bearer token: they are made before there is one, or for another account. */
const anonymous = { auth: false } as const;

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' && data.message !== '' ? data.message : undefined;
}

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { status, data } = await apiRequest('/auth/login', { ...anonymous, method: 'POST', body });
  const token = typeof data === 'object' && data !== null && 'token' in data ? data.token : undefined;
  const user = typeof data === 'object' && data !== null && 'user' in data ? toSessionUser(data.user) : null;
  if (typeof token !== 'string' || token === '' || !user) throw new ApiError(status);
  return { token, user };
}

export interface SignupResult {
  status: number;
  message: string | undefined;
}

/** Spec §4: only 201 is a successful sign-up, so the status is handed back with the message. */
export async function signup(body: SignupRequest): Promise<SignupResult> {
  const { status, data } = await apiRequest('/auth/signup', { ...anonymous, method: 'POST', body });
  return { status, message: messageOf(data) };
}

/** Spec §4: only 200 verifies; the answer's status is handed back. */
export async function verifyEmail(token: string): Promise<number> {
  const { status } = await apiRequest('/auth/verify-email', {
    ...anonymous,
    method: 'POST',
    body: { token },
  });
  return status;
}

export async function forgotPassword(email: string): Promise<string | undefined> {
  const { data } = await apiRequest('/auth/forgot-password', {
    ...anonymous,
    method: 'POST',
    body: { email },
  });
  return messageOf(data);
}

export async function resetPassword(token: string, password: string): Promise<string | undefined> {
  const { data } = await apiRequest('/auth/reset-password', {
    ...anonymous,
    method: 'POST',
    body: { token, password },
  });
  return messageOf(data);
}
