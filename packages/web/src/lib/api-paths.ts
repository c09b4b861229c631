/**
 * API reads of the signed-in layout and of several pages, without their schemas: route-preload.ts
 * starts them before React runs (it is in the boot chunk, which must not import zod).
 */

/** GET /api/learners (decision 035): the layout's learner switch reads it on every signed-in page. */
export const LEARNERS_PATH = '/learners';

/** Beside the spec's API (decision 030): the learner's streak, daily goal and mastery. */
export const LEARNING_SUMMARY_PATH = '/learning/summary';
