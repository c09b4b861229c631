import { apiRequest, type ApiResponse } from './api-client.ts';
import { getSession } from './session-store.ts';

/**
 * API reads started before React runs (route-preload.ts, at the app's first load), so a page's data
 * comes in beside its code instead of after it (issue #8). A read is taken at most once, by the
 * page it was started for: only while the address is still the one it was started on, with the
 * same token, and for PREFETCH_MAX_AGE_MS. Anything else asks the server itself.
 */
export const PREFETCH_MAX_AGE_MS = 30_000;

interface Prefetched {
  response: Promise<ApiResponse>;
  pathname: string;
  token: string | null;
  startedAt: number;
}

const prefetched = new Map<string, Prefetched>();

/** Starts GET `path` for the page at `pathname` now; a read already waiting for it is kept. */
export function prefetch(path: string, pathname: string): void {
  const token = getSession().token;
  const existing = prefetched.get(path);
  if (existing && existing.token === token && existing.pathname === pathname) return;
  const response = apiRequest(path);
  // Until a page takes it, nobody listens: a failure is the page's to report, not an unhandled one.
  response.catch(() => undefined);
  prefetched.set(path, { response, pathname, token, startedAt: Date.now() });
}

/** The read of `path` started for the current page, removed so nothing else reuses it; else null. */
export function takePrefetched(path: string): Promise<ApiResponse> | null {
  const entry = prefetched.get(path);
  if (!entry) return null;
  prefetched.delete(path);
  const fresh = Date.now() - entry.startedAt <= PREFETCH_MAX_AGE_MS;
  const samePage = entry.pathname === window.location.pathname;
  const sameSession = entry.token === getSession().token;
  return fresh && samePage && sameSession ? entry.response : null;
}

/** Forgets every read not taken yet (tests; a page that never came). */
export function clearPrefetched(): void {
  prefetched.clear();
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * GET `path`: the read started for this page when there is one, else a new request. `signal`
 * aborts either the same way (an AbortError), so callers cannot tell them apart.
 */
export function apiGet(path: string, options: { signal?: AbortSignal } = {}): Promise<ApiResponse> {
  const { signal } = options;
  const early = takePrefetched(path);
  if (!early) return apiRequest(path, { signal });
  if (!signal) return early;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<ApiResponse>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    early.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
