import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockReply } from '../test/fetch-mock.ts';
import { learner, storeSession } from '../test/render-app.tsx';
import { ApiError } from './api-client.ts';
import { apiGet, clearPrefetched, prefetch, PREFETCH_MAX_AGE_MS, takePrefetched } from './prefetch.ts';

/** jsdom's address, which a prefetched read is bound to. */
function visit(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

afterEach(() => {
  clearPrefetched();
  visit('/');
});

describe('prefetch', () => {
  it('starts the read at once, with the stored token, and hands it to the page it was for', async () => {
    const { calls } = mockFetch({ 'GET /api/things': { body: { n: 1 } } });
    storeSession(learner, 'tok');
    visit('/page');
    prefetch('/things', '/page');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');

    await expect(apiGet('/things')).resolves.toEqual({ status: 200, data: { n: 1 } });
    expect(calls).toHaveLength(1);
  });

  it('is taken once: the next read asks the server again', async () => {
    const { calls } = mockFetch({ 'GET /api/things': { body: { n: 1 } } });
    storeSession();
    visit('/page');
    prefetch('/things', '/page');
    await apiGet('/things');
    await apiGet('/things');
    expect(calls).toHaveLength(2);
  });

  it('starts one read for the same path and page, however often it is asked', () => {
    const { calls } = mockFetch({ 'GET /api/things': { body: {} } });
    storeSession();
    prefetch('/things', '/page');
    prefetch('/things', '/page');
    expect(calls).toHaveLength(1);
  });

  it('is not taken on another page, with another token, or once it is too old', async () => {
    const { calls } = mockFetch({ 'GET /api/things': { body: {} } });
    storeSession(learner, 'tok');

    visit('/page');
    prefetch('/things', '/elsewhere');
    expect(takePrefetched('/things')).toBeNull();

    prefetch('/things', '/page');
    storeSession(learner, 'another-token');
    expect(takePrefetched('/things')).toBeNull();

    storeSession(learner, 'tok');
    // The clock fixed before the read starts: a slow machine must not make it younger.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    prefetch('/things', '/page');
    clock.mockReturnValue(now + PREFETCH_MAX_AGE_MS + 1);
    expect(takePrefetched('/things')).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it("gives the page the read's failure, as its own request would have", async () => {
    mockFetch({ 'GET /api/things': { status: 500, body: { message: 'Server trouble' } } });
    storeSession();
    visit('/page');
    prefetch('/things', '/page');
    const error = await apiGet('/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, serverMessage: 'Server trouble' });
  });

  it('rejects with an AbortError when the page gives up, before or while the read is under way', async () => {
    const reply = deferred<MockReply>();
    mockFetch({ 'GET /api/things': () => reply.promise });
    storeSession();
    visit('/page');

    prefetch('/things', '/page');
    const controller = new AbortController();
    const pending = apiGet('/things', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    prefetch('/things', '/page');
    const aborted = new AbortController();
    aborted.abort();
    await expect(apiGet('/things', { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
    reply.resolve({ body: {} });
  });

  it('passes the answer through when the signal stays unused', async () => {
    mockFetch({ 'GET /api/things': { body: { ok: true } } });
    storeSession();
    visit('/page');
    prefetch('/things', '/page');
    const controller = new AbortController();
    await expect(apiGet('/things', { signal: controller.signal })).resolves.toEqual({
      status: 200,
      data: { ok: true },
    });
  });
});
