import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { AuthProvider } from '../lib/session.ts';
import { AppToaster } from '../lib/toast.tsx';

/** A new page starts at the top; back and forward leave the browser's own scroll restoring. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * Above every page: the session, the connection and update notices, the one toast container,
 * and scroll to top on a new page. Pages
 * load lazily: the first one shows the quiet fallback; later navigations are transitions, so the
 * current page stays on screen until the next one's code is in.
 */
export function RootLayout() {
  return (
    <AuthProvider>
      <ConnectionStatus />
      <Suspense fallback={<BootFallback />}>
        <Outlet />
      </Suspense>
      <AppToaster />
      <ScrollToTop />
    </AuthProvider>
  );
}

/**
 * Shown while the first page's code loads: the brand, in the same markup index.html starts with,
 * so the first paint comes before any code and nothing flashes when React takes over.
 */
export function BootFallback() {
  return (
    <div className="boot-fallback" aria-busy="true">
      <span className="brand">
        <span aria-hidden="true" className="brand-mark">
          ★
        </span>
        QuizQuest
      </span>
    </div>
  );
}
