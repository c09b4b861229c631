import { z } from 'zod';

/**
 * Idempotent submissions (issue 20 item 3, decision 036): a client that may send a submission
 * twice (a retry after a lost answer, a queue replayed when back online) names it with an
 * `Idempotency-Key` header. The same key from the same learner gets the first successful answer
 * again and stores nothing more; the key sent with another request is refused (422).
 */

/** The header, as Node.js presents it (lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The longest key accepted, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_KEY_INVALID_MESSAGE =
  'The Idempotency-Key header must be 1 to 255 printable ASCII characters.';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for another request.';

/**
 * Printable ASCII (space to tilde), 1 to 255 characters, not beginning or ending with a space
 * (HTTP drops those, so such a key could not come back as sent); a UUID is the usual choice.
 */
export const IdempotencyKey = z
  .string()
  .regex(
    new RegExp(`^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${IDEMPOTENCY_KEY_MAX_LENGTH - 2}}[\\x21-\\x7e])?$`),
    IDEMPOTENCY_KEY_INVALID_MESSAGE,
  );

/**
 * The headers of a submission that may carry a key. Loose: every other header (authorization,
 * accept-language…) passes through untouched, as Fastify replaces the request's headers with the
 * validated object.
 */
export const IdempotentRequestHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional(),
});
export type IdempotentRequestHeaders = z.infer<typeof IdempotentRequestHeaders>;
