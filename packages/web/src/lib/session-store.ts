import type { SessionUser } from '@quizquest/shared';
import { toSessionUser } from './session-user.ts';
import { readItem, removeItem, writeItem } from './storage.ts';

/** Storage keys of spec §4: the token and the user are kept in localStorage. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

/** A stored user that is not valid JSON or has no e-mail is corrupt (spec §4) and is discarded. */
export function parseStoredUser(raw: string): SessionUser | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return toSessionUser(value);
}

const listeners = new Set<() => void>();
let cache: { rawToken: string | null; rawUser: string | null; session: Session } | null = null;

/**
 * The session as stored. Read from localStorage on every call (cheap) and memoised on the raw
 * strings, so useSyncExternalStore sees a stable snapshot and a change made in another tab shows.
 */
export function getSession(): Session {
  const rawToken = readItem(TOKEN_KEY);
  let rawUser = readItem(USER_KEY);
  if (cache && cache.rawToken === rawToken && cache.rawUser === rawUser) return cache.session;
  let user: SessionUser | null = null;
  if (rawUser !== null) {
    user = parseStoredUser(rawUser);
    if (!user) {
      removeItem(USER_KEY);
      rawUser = null;
    }
  }
  const session: Session = { token: rawToken === null || rawToken === '' ? null : rawToken, user };
  cache = { rawToken, rawUser, session };
  return session;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function setSession(token: string, user: SessionUser): void {
  writeItem(TOKEN_KEY, token);
  writeItem(USER_KEY, JSON.stringify(user));
  emit();
}

export function updateSessionUser(user: SessionUser): void {
  writeItem(USER_KEY, JSON.stringify(user));
  emit();
}

/** Logout, or a 401 on an authenticated call: the token and the user go. */
export function clearSession(): void {
  removeItem(TOKEN_KEY);
  removeItem(USER_KEY);
  emit();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
