import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { SKIP_WAITING_MESSAGE } from './offline/cache-names.ts';

/**
 * The page's side of the service worker (issue 20, decision 038): registers /service-worker.js
 * once the first page has loaded, notices a new version waiting, and lets it take over only on a
 * navigation to a page that is not an attempt, so an answer being given is never lost to a reload.
 */

/** The pages where a child is answering: an update never reloads them. */
export const isAttemptPath = (pathname: string) =>
  /^\/quizzes\/attempt\//.test(pathname) || pathname === '/review';

let waiting: ServiceWorker | null = null;
let reloadOnNavigation = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

function watch(registration: ServiceWorkerRegistration) {
  // An update found by an earlier visit may already be waiting.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // With no controller this is the first install: it takes the page at once, nothing to say.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
  // A tab left open for days still learns of a new version: look again every hour.
  window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

/** Registers the service worker in a production build, where the browser has service workers. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install taking the page changes nothing the page runs.
    if (!hadController) return;
    // A new version took over (from this tab or another): the old files may be gone from the
    // cache, so the page loads afresh, now if no attempt is open, else on its next navigation.
    if (isAttemptPath(window.location.pathname)) reloadOnNavigation = true;
    else window.location.reload();
  });
  const register = () => {
    navigator.serviceWorker.register('/service-worker.js').then(watch, () => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting version take over (it then reloads the page, above). */
export function applyUpdate(): void {
  waiting?.postMessage(SKIP_WAITING_MESSAGE);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether a new version waits; applies it on the navigation after it was found, unless that
 * navigation opens an attempt.
 */
export function useUpdateAvailable(): boolean {
  const available = useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
  const { pathname } = useLocation();
  useEffect(() => {
    if (isAttemptPath(pathname)) return;
    if (reloadOnNavigation) window.location.reload();
    else applyUpdate();
  }, [pathname]);
  return available;
}
