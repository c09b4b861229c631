import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { showInHindi } from '../test/language.ts';
import { learner, storeSession } from '../test/render-app.tsx';
import { ApiError, apiFile, apiRequest, errorMessage } from './api-client.ts';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends JSON under /api with the stored bearer token', async () => {
    const { calls } = mockFetch({ 'POST /api/things': { status: 201, body: { ok: true } } });
    storeSession(learner, 'tok');
    const result = await apiRequest('/things', { method: 'POST', body: { a: 1 } });
    expect(result).toEqual({ status: 201, data: { ok: true } });
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('sends no token when asked not to, or when none is stored', async () => {
    const { calls } = mockFetch({ 'GET /api/open': { body: [] } });
    await apiRequest('/open');
    storeSession(learner, 'tok');
    await apiRequest('/open', { auth: false });
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([null, null]);
  });

  it('asks for answers in the language shown', async () => {
    const { calls } = mockFetch({ 'GET /api/open': { body: [] }, 'GET /api/file': { body: {} } });
    await apiRequest('/open');
    showInHindi();
    await apiRequest('/open');
    await apiFile('/file', 'application/pdf');
    expect(calls.map((call) => call.headers.get('accept-language'))).toEqual(['en', 'hi', 'hi']);
  });

  it('turns an error answer into an ApiError with the server message, status and field errors', async () => {
    mockFetch({
      'POST /api/things': {
        status: 400,
        body: { message: 'Email is required', errors: { email: 'Email is required' } },
      },
    });
    const error = await caught(apiRequest('/things', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: 'Email is required',
      fieldErrors: { email: 'Email is required' },
    });
    expect(errorMessage(error, 'Fallback')).toBe('Email is required');
  });

  it('gives the fallback text when the answer has no message, or nothing came back', async () => {
    mockFetch({
      'GET /api/broken': { status: 500 },
      'GET /api/offline': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const broken = await caught(apiRequest('/broken'));
    expect(broken).toMatchObject({ status: 500, serverMessage: undefined });
    expect(errorMessage(broken, 'Fallback')).toBe('Fallback');
    const offline = await caught(apiRequest('/offline'));
    expect(offline).toMatchObject({ status: 0 });
    expect(errorMessage(offline, 'Fallback')).toBe('Fallback');
  });

  it('clears the session on a 401 to an authenticated call', async () => {
    mockFetch({ 'GET /api/private': { status: 401, body: { message: 'Please log in to continue' } } });
    storeSession(learner, 'tok');
    await caught(apiRequest('/private'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the session on a 401 to a call made without the token (a wrong password)', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    storeSession(learner, 'tok');
    await caught(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false }));
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
