/** The one error type routes throw; the error handler turns it into {message} with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;
  /** A stable name of the condition, beside the message (MessageResponse's `code`). */
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, errors?: Record<string, string>, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.code = code;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this', code?: string) =>
  new HttpError(403, message, undefined, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, undefined, code);
export const tooManyRequests = (message = 'Too many requests. Please wait a little and try again.') =>
  new HttpError(429, message);
