/**
 * Errors that say the database cannot be reached right now (stopped, restarting, network gone,
 * pool exhausted), as opposed to a bug or bad data. The error handler answers them 503 so a client
 * can retry; the app keeps running and recovers by itself once the database is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '53100', // disk_full
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|connection is closed/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Every error in the chain: the error, its causes and the errors of an AggregateError. */
function* errorChain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 6 || typeof error !== 'object' || error === null) return;
  const item = error as ErrorLike;
  yield item;
  yield* errorChain(item.cause, depth + 1);
  if (Array.isArray(item.errors)) for (const inner of item.errors) yield* errorChain(inner, depth + 1);
}

/** The first error code (Node's 'ECONNREFUSED' or a SQLSTATE such as '57P01') in the chain. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const item of errorChain(error)) if (typeof item.code === 'string') return item.code;
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const item of errorChain(error)) {
    if (typeof item.code === 'string' && (UNAVAILABLE_CODES.has(item.code) || item.code.startsWith('08'))) {
      return true;
    }
    if (typeof item.message === 'string' && UNAVAILABLE_MESSAGES.test(item.message)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
