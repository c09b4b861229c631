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
const language = initialLanguage();
const words = switchLanguage(language).catch(() => undefined);
// The page's first number format costs the browser 10-25 ms (ICU's data, once per page), and every
// plural message formats its number: paid now, while the code and data download and the main
// thread waits, instead of inside the first render (bench:web's blocking time).
setTimeout(() => {
  new Intl.NumberFormat(language).format(1);
  new Intl.PluralRules(language).select(1);
  new Intl.DateTimeFormat(language).format(0);
}, 0);
void import('./app/start.tsx').then(async ({ startApp }) => {
  await words;
  startApp();
});
