import { PARENT_PIN_HEADER } from '@quizquest/shared/parent-pin';
import { currentLanguage } from '../i18n/i18n.ts';
import { reportAnswer, reportNoAnswer } from './connection.ts';
import { liveParentPinProof } from './parent-pin-proof.ts';
import { clearSession, getSession } from './session-store.ts';

export const API_BASE = '/api';

/** An error answer of the API ({message, errors?}), or a request that never got an answer (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, when it sent one: the pages show it, else their own fallback text. */
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The server's name for the condition (ERROR_CODES), in any language the message is in. */
  readonly code: string | undefined;

  constructor(
    status: number,
    serverMessage?: string,
    fieldErrors: Record<string, string> = {},
    code?: string,
  ) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored bearer token when there is one (default). The sign-in calls send none. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Headers besides the client's own (the submissions' Idempotency-Key, decision 036). */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiResponse {
  status: number;
  data: unknown;
}

/** A request given up because the page moved on (its signal aborted): nothing to tell anyone. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrorsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') result[field] = message;
  }
  return result;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The one way the app talks to the API: JSON in and out under /api, the bearer token attached
 * when present, an error answer turned into an ApiError carrying the server's message and status.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse> {
  const { method = 'GET', body, auth = true, signal } = options;
  // The server answers a visitor in the language shown (a learner in the account's, decision 034).
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getSession().token : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  // The parent PIN's proof rides on every signed-in request while it lives (decision 035).
  const pinProof = token ? liveParentPinProof() : null;
  if (pinProof) headers[PARENT_PIN_HEADER] = pinProof;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    reportNoAnswer();
    throw new ApiError(0);
  }
  reportAnswer();

  const data = await readJson(response);
  if (!response.ok) throw failure(response, data, token);
  return { status: response.status, data };
}

/** An error answer as an ApiError, signing out when the server no longer accepts the token. */
function failure(response: Response, data: unknown, token: string | null): ApiError {
  // A token the server no longer accepts (expired, revoked by a password reset): sign out.
  if (response.status === 401 && token && getSession().token === token) clearSession();
  const message = isRecord(data) && typeof data.message === 'string' ? data.message : undefined;
  const code = isRecord(data) && typeof data.code === 'string' ? data.code : undefined;
  return new ApiError(response.status, message, isRecord(data) ? fieldErrorsOf(data.errors) : {}, code);
}

/**
 * GET a file of the API (a PDF, an export) whose body the caller reads itself: the same bearer
 * header, so the token never goes into a URL, and the same ApiError on failure as apiRequest.
 */
export async function apiFile(path: string, accept: string): Promise<Response> {
  const token = getSession().token;
  const pinProof = token ? liveParentPinProof() : null;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: {
        Accept: accept,
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(pinProof ? { [PARENT_PIN_HEADER]: pinProof } : {}),
      },
      credentials: 'same-origin',
    });
  } catch {
    reportNoAnswer();
    throw new ApiError(0);
  }
  reportAnswer();
  if (!response.ok) throw failure(response, await readJson(response), token);
  return response;
}

/** The server's message of a failed call, else the page's own fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
