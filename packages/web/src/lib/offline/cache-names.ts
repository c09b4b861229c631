/**
 * The names the service worker (src/sw.ts) and the page share for what QuizQuest keeps on the
 * device (decision 038). No React, no zod: the service worker's bundle imports this file.
 */

/** Question images and other media, addressed by content hash: the same bytes for everyone. */
export const MEDIA_CACHE = 'qq-media';

/** Public lists (grades, plans): the same answer for everyone, stale-while-revalidate. */
export const PUBLIC_CACHE = 'qq-public';

/**
 * The signed-in learner's API reads (progress, results, their lists): network first, matched by
 * the request's Authorization (the API answers `Vary: Authorization`), emptied on logout.
 */
export const PERSONAL_CACHE = 'qq-personal';

/** IndexedDB: the saved quizzes (their pending draws) and the outbox of submissions. */
export const OFFLINE_DB = 'quizquest-offline';

/** The Background Sync tag under which the service worker sends the outbox. */
export const OUTBOX_SYNC_TAG = 'quizquest-outbox';

/** The message the page posts to a waiting service worker to take over (on the next navigation). */
export const SKIP_WAITING_MESSAGE = 'quizquest:skip-waiting';

/** The message the service worker posts to its pages after it sent the outbox. */
export const OUTBOX_SENT_MESSAGE = 'quizquest:outbox-sent';
