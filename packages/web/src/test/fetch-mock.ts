import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Headers;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Headers besides content-type (a download's content-disposition). */
  headers?: Record<string, string>;
  /** A body sent as it is instead of `body` as JSON (a downloaded credential). */
  text?: string;
}

export type MockHandler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

function toResponse({ status = 200, body, headers = {}, text }: MockReply): Response {
  return new Response(text ?? (body === undefined ? null : JSON.stringify(body)), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Replaces fetch with a table of 'METHOD /api/path' answers and records every call. A handler
 * may throw (a network failure) or never settle (a request still in flight). Unknown paths get
 * a 404 {message}, as from the server.
 */
export function mockFetch(handlers: Record<string, MockHandler> = {}) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) return toResponse({ status: 404, body: { message: 'Not found' } });
    return toResponse(typeof handler === 'function' ? await handler(call) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** A promise to settle by hand, for requests that are still in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
