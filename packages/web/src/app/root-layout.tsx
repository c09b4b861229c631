import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../lib/session.ts';
import { AppToaster } from '../lib/toast.tsx';

/** Above every page: the session, the one toast container, and scroll to top on a new page. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <AppToaster />
      <ScrollRestoration />
    </AuthProvider>
  );
}

/** Shown while the first page's code loads; it is brief, so it stays quiet. */
export function BootFallback() {
  return <div className="boot-fallback" aria-busy="true" />;
}
