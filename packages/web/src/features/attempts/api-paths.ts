/** The attempt pages' API reads (spec §7), without their schemas: route-preload.ts starts them early. */
export const QUIZ_HISTORY_PATH = '/quizzes/history';

export const quizPath = (quizId: string) => `/quizzes/${encodeURIComponent(quizId)}`;
