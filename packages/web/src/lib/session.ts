import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Role, SessionUser } from '@quizquest/shared';
import { currentLanguage, switchLanguage } from '../i18n/i18n.ts';
import { apiRequest } from './api-client.ts';
import { getSession, subscribeToSession, updateSessionUser } from './session-store.ts';
import { toSessionUser } from './session-user.ts';

export { clearSession, getSession, setSession, updateSessionUser } from './session-store.ts';

export interface AuthState {
  isAuthenticated: boolean;
  /** True while a stored session is being confirmed with the server after the page loads. */
  loading: boolean;
  token: string | null;
  user: SessionUser | null;
  role: Role | null;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Asks the server for the signed-in user and keeps the stored copy current (a verified e-mail,
 * a new plan). A 401 clears the session inside the API client; other failures keep what is stored.
 */
export async function refreshSessionUser(): Promise<void> {
  const token = getSession().token;
  if (!token) return;
  try {
    const { data } = await apiRequest('/auth/me');
    const user = toSessionUser(data);
    if (user && getSession().token === token) updateSessionUser(user);
  } catch {
    // Offline or server trouble: the stored user stays until the next load.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSession, getSession);
  const [loading, setLoading] = useState(() => getSession().token !== null);
  const started = useRef(false);
  const userLanguage = session.user?.language;

  // The signed-in learner's language is the app's (decision 034): the stored user's at start, then
  // whatever logging in, GET /auth/me or another tab brings (the choice made on another device).
  useEffect(() => {
    if (userLanguage && userLanguage !== currentLanguage()) {
      switchLanguage(userLanguage).catch(() => undefined);
    }
  }, [userLanguage]);

  useEffect(() => {
    // Once per page load, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    if (!getSession().token) return;
    void refreshSessionUser().finally(() => setLoading(false));
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      isAuthenticated: session.token !== null,
      loading: loading && session.token !== null,
      token: session.token,
      user: session.user,
      role: session.user?.role ?? null,
    }),
    [session, loading],
  );

  return createElement(AuthContext.Provider, { value }, children);
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
