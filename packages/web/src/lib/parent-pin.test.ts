import { FAMILY_ERROR_CODES, PARENT_PIN_HEADER, PIN_WRONG_MESSAGE } from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { learner, storeSession } from '../test/render-app.tsx';
import { apiFile, apiRequest } from './api-client.ts';
import {
  clearParentPinProof,
  confirmPinReset,
  isPinLocked,
  isPinWrong,
  liveParentPinProof,
  needsParentPin,
  requestPinReset,
  setParentPin,
  verifyParentPin,
} from './parent-pin.ts';
import { clearSession, setSession } from './session-store.ts';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const IN_TEN_MINUTES = '2026-11-24T10:10:00.000Z';

function server(expiresAt = IN_TEN_MINUTES) {
  return mockFetch({
    'POST /api/account/pin/verify': { body: { pinToken: 'proof-1', expiresAt } },
    'GET /api/guarded': { body: { ok: true } },
    'GET /api/file': { body: {} },
  });
}

const pinHeaders = (calls: Array<{ headers: Headers }>) =>
  calls.map((call) => call.headers.get(PARENT_PIN_HEADER));

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('the parent PIN proof', () => {
  it('is sent as x-parent-pin on every request and file while it lives, and kept out of localStorage', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { calls, callsTo } = server();
    storeSession(learner, 'tok');
    await apiRequest('/guarded');
    await verifyParentPin('4821');
    expect(callsTo('POST', '/api/account/pin/verify')[0]?.body).toEqual({ pin: '4821' });
    await apiRequest('/guarded');
    await apiFile('/file', 'application/json');
    expect(pinHeaders(calls)).toEqual([null, null, 'proof-1', 'proof-1']);
    expect(JSON.stringify({ ...localStorage })).not.toContain('proof-1');
    clearParentPinProof();
  });

  it('is not sent once it has expired', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { calls } = server();
    storeSession(learner, 'tok');
    await verifyParentPin('4821');
    vi.setSystemTime(NOW + 10 * 60 * 1000 - 1);
    await apiRequest('/guarded');
    vi.setSystemTime(NOW + 10 * 60 * 1000);
    await apiRequest('/guarded');
    expect(pinHeaders(calls.slice(1))).toEqual(['proof-1', null]);
    expect(liveParentPinProof()).toBeNull();
  });

  it('lives no longer than ten minutes, and a clock ahead of the server does not end it at once', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    server('2026-11-24T12:00:00.000Z');
    storeSession(learner, 'tok');
    await verifyParentPin('4821');
    expect(liveParentPinProof(NOW + 10 * 60 * 1000 - 1)).toBe('proof-1');
    expect(liveParentPinProof(NOW + 10 * 60 * 1000)).toBeNull();

    server('2026-11-24T09:00:00.000Z');
    await verifyParentPin('4821');
    expect(liveParentPinProof(NOW + 60 * 1000)).toBe('proof-1');
    clearParentPinProof();
  });

  it('is dropped on logout, and not sent for another session (a new login, another learner)', async () => {
    const { calls } = server();
    storeSession(learner, 'tok');
    await verifyParentPin('4821');
    clearSession();
    expect(liveParentPinProof()).toBeNull();
    storeSession(learner, 'tok');
    await apiRequest('/guarded');

    await verifyParentPin('4821');
    setSession('token-of-ravi', { ...learner, _id: 'u2', first_name: 'Ravi' });
    await apiRequest('/guarded');
    expect(pinHeaders(calls.filter((call) => call.path === '/api/guarded'))).toEqual([null, null]);
  });

  it('is dropped when the PIN is set, changed, removed or reset', async () => {
    mockFetch({
      'POST /api/account/pin/verify': { body: { pinToken: 'proof-1', expiresAt: IN_TEN_MINUTES } },
      'PUT /api/account/pin': { body: { message: 'Parent PIN saved' } },
      'POST /api/account/pin/reset-confirm': { body: { message: 'Parent PIN removed' } },
    });
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    storeSession(learner, 'tok');
    await verifyParentPin('4821');
    expect(await setParentPin({ password: 'pw', pin: '1357' })).toBe('Parent PIN saved');
    expect(liveParentPinProof()).toBeNull();
    await verifyParentPin('1357');
    expect(await confirmPinReset('t'.repeat(32))).toBe('Parent PIN removed');
    expect(liveParentPinProof()).toBeNull();
  });

  it('sends the calls of the contract', async () => {
    const { calls } = mockFetch({
      'PUT /api/account/pin': { body: {} },
      'POST /api/account/pin/reset': { body: { message: 'Sent' } },
      'POST /api/account/pin/reset-confirm': { body: {} },
    });
    storeSession(learner, 'tok');
    await setParentPin({ password: 'pw', pin: null });
    expect(await requestPinReset()).toBe('Sent');
    await confirmPinReset('reset-token-0123456789');
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/account/pin', { password: 'pw', pin: null }],
      ['POST', '/api/account/pin/reset', undefined],
      ['POST', '/api/account/pin/reset-confirm', { token: 'reset-token-0123456789' }],
    ]);
  });

  it('names the answers that need the PIN, a wrong PIN and a locked PIN', async () => {
    mockFetch({
      'GET /api/required': { status: 403, body: { message: 'Enter', code: FAMILY_ERROR_CODES.pinRequired } },
      'GET /api/wrong': {
        status: 403,
        body: { message: PIN_WRONG_MESSAGE, code: FAMILY_ERROR_CODES.pinWrong },
      },
      'GET /api/locked': { status: 423, body: { message: 'Locked', code: FAMILY_ERROR_CODES.pinLocked } },
      'GET /api/forbidden': { status: 403, body: { message: 'Forbidden' } },
    });
    storeSession(learner, 'tok');
    const required = await caught(apiRequest('/required'));
    const wrong = await caught(apiRequest('/wrong'));
    const locked = await caught(apiRequest('/locked'));
    const forbidden = await caught(apiRequest('/forbidden'));
    expect([required, wrong, locked, forbidden].map(needsParentPin)).toEqual([true, false, true, false]);
    expect([required, wrong, locked, forbidden].map(isPinWrong)).toEqual([false, true, false, false]);
    expect([required, wrong, locked, forbidden].map(isPinLocked)).toEqual([false, false, true, false]);
  });
});
