import { Outlet } from 'react-router';
import { AuthProvider } from '../lib/session.ts';
import { AppToaster } from '../lib/toast.tsx';

/** Above every page: the session and the one toast container. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <AppToaster />
    </AuthProvider>
  );
}

/** Shown while the first page's code loads; it is brief, so it stays quiet. */
export function BootFallback() {
  return <div className="boot-fallback" aria-busy="true" />;
}
