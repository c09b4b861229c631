/** Business constants of spec §9 and the account rules of the foundation issue. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SIGNUP_REDIRECT_DELAY_MS = 4000;
export const VERIFY_REDIRECT_DELAY_MS = 2000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const CERTIFICATE_UNLOCK_COMPLETED_QUIZZES = 10;
export const DEFAULT_QUIZ_ATTEMPTS = 3;
export const DEFAULT_PASS_SCORE = 100;
export const AVATAR_MAX_SIDE_PX = 200;
export const OPTION_IMAGE_MAX_PX = 600;
export const JPEG_QUALITY = 0.7;
export const CONFETTI_PIECES = 400;
export const OPTIONS_PER_QUESTION = 4;
/** Characters of a question's explanation at most (issue 16, decision 029). */
export const EXPLANATION_MAX = 1000;
/** Questions one attempt of a quiz may show at most (a quiz's pool may hold more, issue 16). */
export const QUESTIONS_PER_ATTEMPT_MAX = 100;
export const CONSENT_TEXT = 'I am the parent or guardian of this learner and agree to the privacy notice';

/** An explanation must say why, not just repeat the correct option. */
export const EXPLANATION_RESTATES_ANSWER_MESSAGE =
  'The explanation only repeats the correct answer: say why it is right';
