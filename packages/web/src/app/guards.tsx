import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { getSession, useAuth } from '../lib/session.ts';

export const LOGIN_PATH = '/login';
export const LEARNER_HOME = '/dashboard';
export const ADMIN_HOME = '/admin/quiz-dashboard';

/** Spec §2: / goes to /dashboard when a token is stored, else to /login. */
export function HomeRedirect() {
  return <Navigate to={getSession().token ? LEARNER_HOME : LOGIN_PATH} replace />;
}

/** Where a signed-in visitor arriving at /login belongs, or null for a visitor to sign in. */
function signedInHome(): string | null {
  const { token, user } = getSession();
  if (!token) return null;
  return user?.role === 'admin' ? ADMIN_HOME : LEARNER_HOME;
}

/**
 * Spec §2, §4: /login sends a signed-in visitor on (an admin to the admin area). Decided once, on
 * arrival, not on every render, so the login page's own navigation after signing in is not raced.
 */
export function SignedOutOnly() {
  const [home] = useState(signedInHome);
  if (home) return <Navigate to={home} replace />;
  return <Outlet />;
}

/** The signed-in area: without a token, to /login (also when a 401 ends the session later). */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Spec §4 admin guard: Loading... while the session is confirmed, then admins only. */
export function RequireAdmin() {
  const { isAuthenticated, loading, role } = useAuth();
  if (loading) return <PageLoading />;
  if (!isAuthenticated) return <Navigate to={LOGIN_PATH} replace />;
  if (role !== 'admin') return <Navigate to={LEARNER_HOME} replace />;
  return <Outlet />;
}
