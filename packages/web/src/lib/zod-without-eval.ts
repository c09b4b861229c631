declare global {
  // zod keeps its global configuration (z.config) here, shared by every copy of zod on the page.
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

/**
 * The app's Content-Security-Policy allows no eval. With `jitless`, zod parses without compiling
 * parsers through `new Function` and skips its probe for it, which the browser reports as a CSP
 * violation even though zod catches the error. Set through zod's global configuration object,
 * not by importing zod, so zod stays out of the first download (decision 017); call it before any
 * page's schemas load. zod-without-eval.test.ts checks that zod picks it up.
 */
export function configureZodWithoutEval(): void {
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
}
