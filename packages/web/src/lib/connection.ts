/**
 * Whether QuizQuest can reach its server (issue 20). The browser's `navigator.onLine` says only
 * whether a network is there (and not always rightly); a request that got no answer says more. So
 * the app counts as offline from a request that failed for want of the network until an answer
 * arrives again: while offline it asks /api/health every few seconds, and tells whoever waits for
 * the connection (the outbox of submissions) the moment it is back.
 */

const PROBE_EVERY_MS = 10_000;

let failed = false;
let probe: ReturnType<typeof setInterval> | undefined;
const changeListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

function emitChange() {
  for (const listener of changeListeners) listener();
}

function stopProbe() {
  if (probe !== undefined) clearInterval(probe);
  probe = undefined;
}

function startProbe() {
  if (probe !== undefined) return;
  probe = setInterval(() => {
    fetch('/api/health', { cache: 'no-store' }).then(
      (response) => {
        if (response.ok) reportAnswer();
      },
      () => undefined,
    );
  }, PROBE_EVERY_MS);
}

/** A request got no answer at all (not an error answer): the server is out of reach. */
export function reportNoAnswer(): void {
  if (failed) return;
  failed = true;
  startProbe();
  emitChange();
}

/** A request got an answer (of any status): the server is reachable. */
export function reportAnswer(): void {
  if (!failed) return;
  failed = false;
  stopProbe();
  emitChange();
  for (const listener of reconnectListeners) listener();
}

/** Whether the app is offline now: the browser says so, or the last request got no answer. */
export function isOffline(): boolean {
  return failed || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** For useSyncExternalStore: called when isOffline() may have changed. */
export function subscribeConnection(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Called each time the connection comes back (the browser's `online`, or an answer after none). */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', emitChange);
  window.addEventListener('online', () => {
    if (failed) reportAnswer();
    else {
      emitChange();
      for (const listener of reconnectListeners) listener();
    }
  });
}
