import { preloadRoute } from './app/route-preload.ts';
import { initialLanguage, switchLanguage } from './i18n/i18n.ts';
import { configureZodWithoutEval } from './lib/zod-without-eval.ts';
import './styles.css';

// Before any page's schemas load: the CSP allows no eval (decision 017).
configureZodWithoutEval();

// This module is small and has React's code (index.html preloads it) as a dynamic import, so it
// runs as soon as it arrives: the first page's code and API reads start now, beside React's
// download, instead of after React has run (issue #8: LCP of the signed-in pages).
preloadRoute(window.location.pathname);

// The words of the chosen language download beside React (decision 034); the boot screen stays
// until both are here. Should they fail to arrive (offline), the app starts anyway.
const words = switchLanguage(initialLanguage()).catch(() => undefined);
void import('./app/start.tsx').then(async ({ startApp }) => {
  await words;
  startApp();
});
