/**
 * The parent PIN's constants (decision 035), free of schemas: the web app's boot chunk (the API
 * client) reads them through `@quizquest/shared/parent-pin` without pulling zod's schemas in.
 */

/** The parent PIN: four digits. */
export const PARENT_PIN_LENGTH = 4;
/** Wrong PINs in a row before the PIN is locked until it is reset by e-mail. */
export const PARENT_PIN_MAX_TRIES = 5;
/** How long a verified PIN opens the guarded actions, in seconds. */
export const PARENT_PIN_PROOF_SECONDS = 10 * 60;
/** The header a guarded request carries the PIN proof (`pinToken`) in. */
export const PARENT_PIN_HEADER = 'x-parent-pin';
