import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { AppRoutes } from './routes.tsx';

/**
 * React and the app: main.tsx loads this after it has started the first page's downloads, and
 * runs it once the language's words have arrived too.
 */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // As a transition React renders the first page in slices, yielding to the browser between
  // them, instead of one long task (Lighthouse's TBT); index.html's boot screen stays until it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  });
  // Offline use and installing (issue 20): after the first page, so it takes nothing from it.
  registerServiceWorker();
}
