/// <reference lib="webworker" />
/**
 * QuizQuest's service worker (issue 20, decision 038), built by vite-plugin-pwa (injectManifest)
 * into /service-worker.js with the list of the build's files in `self.__WB_MANIFEST`.
 *
 * - The app shell (index.html and every file of the build) is precached: the app opens offline.
 *   A new version installs beside the running one and waits; the page tells it to take over on
 *   the next navigation that is not an attempt (app/service-worker.ts), so no attempt breaks.
 * - Question images (/api/media, addressed by content hash): cache first.
 * - Public lists that change only with a deployment (grades, plans): stale-while-revalidate.
 * - The learner's own reads (progress, certificates, history, results, profile, learners, their
 *   quiz categories): network first, the last answer kept for when the network is gone. The API answers `Vary:
 *   Authorization, Accept-Language`, and the cache matches on it: another session's token never
 *   gets these answers; logout deletes the cache besides.
 * - Everything else under /api (the quiz draw, payments, exports, admin) is never cached: a saved
 *   quiz's draw lives in IndexedDB (lib/offline), put there by 'Save for offline'.
 * - Background Sync sends the outbox of submissions made offline.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  MEDIA_CACHE,
  OUTBOX_SENT_MESSAGE,
  OUTBOX_SYNC_TAG,
  PERSONAL_CACHE,
  PUBLIC_CACHE,
  SKIP_WAITING_MESSAGE,
} from '../lib/offline/cache-names.ts';
import { sendOutbox } from '../lib/offline/outbox.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The paths of the learner's own reads kept for offline (network first). */
const PERSONAL_READS = [
  /^\/api\/certification\/(progress|my-certifications)$/,
  /^\/api\/quizzes\/history$/,
  /^\/api\/quizzes\/result\/[^/]+$/,
  /^\/api\/user\/profile$/,
  /^\/api\/learners$/,
  // The learner's categories too: shown stale, a category whose last quiz an admin just removed
  // would still be offered (e2e/tests/admin.spec.ts), so online it is always fresh.
  /^\/api\/quizzes\/quiz-categories$/,
];
/** Lists that are the same for everyone. */
const PUBLIC_LISTS = [/^\/api\/grades\/get-grades$/, /^\/api\/plans$/];

/**
 * Only a 200 without `no-store` is kept: what the server says must not be stored (payment
 * details, exports, certificates) never is, whatever a path rule says.
 */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    return /no-store/i.test(response.headers.get('cache-control') ?? '') ? null : response;
  },
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const matches = (patterns: readonly RegExp[]) => (url: URL) =>
  sameOrigin(url) && patterns.some((pattern) => pattern.test(url.pathname));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html; the API and the well-known files are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/\.well-known\//, /^\/service-worker\.js$/],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/api/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60 })],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && matches(PUBLIC_LISTS)(url),
  new StaleWhileRevalidate({ cacheName: PUBLIC_CACHE, plugins: [storableOnly] }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && matches(PERSONAL_READS)(url),
  // A slow network falls back to the last answer after a few seconds rather than spinning.
  new NetworkFirst({ cacheName: PERSONAL_CACHE, networkTimeoutSeconds: 6, plugins: [storableOnly] }),
);

self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// The first install takes the open pages at once (nothing ran before it); an update waits for
// the page's word (SKIP_WAITING_MESSAGE) and then takes them too.
clientsClaim();

/** Sends the outbox for every learner; the pages then show and clear what was settled. */
async function sendQueuedSubmissions(): Promise<void> {
  const { sent, refused, queued } = await sendOutbox();
  if (sent.length + refused.length > 0) {
    const pages = await self.clients.matchAll({ type: 'window' });
    for (const page of pages) page.postMessage({ type: OUTBOX_SENT_MESSAGE });
  }
  // A rejection asks the browser to fire the sync again later (still offline, or a 5xx).
  if (queued.length > 0) throw new Error('outbox: entries left queued');
}

// Background Sync, where the browser has it: the outbox goes when the connection is back, even
// with QuizQuest closed. Elsewhere the page sends it on start and when the connection returns.
self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag: string };
  if (syncEvent.tag === OUTBOX_SYNC_TAG) syncEvent.waitUntil(sendQueuedSubmissions());
});
