import type { FastifyInstance } from 'fastify';

/** A Content-Security-Policy as directive → sources; `null` leaves a directive out. */
export type CspDirectives = Record<string, readonly string[] | null>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** `defaultSrc: ["'self'"]` → `default-src 'self'`, directives joined by ';' as browsers expect. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, readonly string[]] => entry[1] !== null)
    .map(([name, sources]) => [kebab(name), ...sources].join(' '))
    .join(';');
}

/**
 * The browser-security headers of every answer (API, SPA, media, errors), computed once at start
 * and set with one call per request: the same set helmet sends with our options, without its
 * per-request work, which halved the throughput of the cheapest routes (decision 016).
 * HSTS is added separately, only over TLS (app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, csp: CspDirectives): void {
  const headers: Record<string, string> = {
    'content-security-policy': serializeCsp(csp),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // Like frame-ancestors 'none', for browsers that only know X-Frame-Options.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
