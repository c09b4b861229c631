/** The attempt pages' API reads (spec §7), without their schemas: route-preload.ts starts them early. */
export const QUIZ_HISTORY_PATH = '/quizzes/history';

export const quizPath = (quizId: string) => `/quizzes/${encodeURIComponent(quizId)}`;

/** Spec §7 GET /quizzes/result/{attemptId}. */
export const resultPath = (attemptId: string) => `/quizzes/result/${encodeURIComponent(attemptId)}`;

/** Spec §7 POST /quizzes/submit/{quizId}; the outbox keeps it with /api in front. */
export const quizSubmitPath = (quizId: string) => `/quizzes/submit/${encodeURIComponent(quizId)}`;

/** POST /review/submit (decision 032). */
export const REVIEW_SUBMIT_PATH = '/review/submit';
