/**
 * A message for the login page after the app itself ended the session (the account was deleted).
 * Kept in memory only: it is shown once on the next /login and is gone after a reload.
 */
let pending: string | null = null;

export function leaveSignOutNotice(message: string): void {
  pending = message;
}

/** The waiting message, without removing it (a render may run twice). */
export function peekSignOutNotice(): string | null {
  return pending;
}

export function clearSignOutNotice(): void {
  pending = null;
}
