import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl, storeImageDataString } from '../lib/media.ts';
import { createTestContext, type TestContext } from '../testing/index.ts';
import { insertCertifications, subLevelIdsOf } from '../testing/certification.ts';
import { insertQuiz } from '../testing/quizzes.ts';
import { signIn, type SignedIn } from './support.ts';

/**
 * Headers and browser security (issue #9 item 6). features/auth/auth.test.ts already checks the
 * CSP's script-src and frame-ancestors, nosniff and Referrer-Policy on one JSON answer; this file
 * checks the whole policy on every kind of answer (JSON, errors, 404s, the reset page's path,
 * images, PDFs, downloads), HSTS over TLS only, and how files are served. The built pages
 * themselves are checked in the browser by e2e/tests/security.spec.ts.
 */

let context: TestContext;
let learner: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  learner = await signIn(context, 'learner');
  await insertCertifications(context.database, learner.id, subLevelIdsOf(1));
});
afterAll(async () => {
  await context.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

function expectBrowserHeaders(headers: Record<string, unknown>, what: string) {
  const csp = directives(String(headers['content-security-policy']));
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, what).toEqual(["'self'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(String(headers['content-security-policy']), what).not.toMatch(
    /unsafe-eval|script-src[^;]*(\*|https?:|data:)/,
  );
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['strict-transport-security'], what).toBeUndefined();
  expect(headers['access-control-allow-origin'], what).toBeUndefined();
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers on every kind of answer', () => {
  it.each([
    ['a JSON answer', { method: 'GET', url: '/api/health' }],
    ['a 400', { method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }],
    ['a 401', { method: 'GET', url: '/api/auth/me' }],
    ['an API 404', { method: 'GET', url: '/api/nothing-here' }],
    ['the reset page path with its token', { method: 'GET', url: '/reset-password?token=abcdefghijklmnop' }],
    [
      'the verification page path with its token',
      { method: 'GET', url: '/verify-email?token=abcdefghijklmnop' },
    ],
    [
      'a cross-origin request',
      { method: 'GET', url: '/api/plans', headers: { origin: 'https://evil.example' } },
    ],
  ] as const)('%s', async (name, options) => {
    const response = await context.request(options);
    expectBrowserHeaders(response.headers, name);
  });

  it('on a PDF certificate: inline with its file name, private and never cached', async () => {
    const response = await context.request({
      method: 'GET',
      url: '/api/certification/view?level=1',
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expectBrowserHeaders(response.headers, 'PDF');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="quizquest-level-1-certificate.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('on the JSON data export: an attachment, never cached', async () => {
    const response = await context.request({
      method: 'GET',
      url: '/api/user/export',
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expectBrowserHeaders(response.headers, 'export');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('what a cache may keep (issue 20, decision 038)', () => {
  it.each([
    ['a public list', { method: 'GET', url: '/api/plans' }],
    ['a 401', { method: 'GET', url: '/api/auth/me' }],
  ] as const)('%s varies by Authorization and Accept-Language', async (_name, options) => {
    const response = await context.request(options);
    expect(response.headers.vary).toBe('Authorization, Accept-Language');
  });

  it("a learner's own read varies by Authorization, so another session's cache never matches it", async () => {
    const response = await context.request({
      method: 'GET',
      url: '/api/certification/progress',
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toBe('Authorization, Accept-Language');
  });

  it('a quiz draw is never stored by any cache: it is replaced when submitted', async () => {
    const quiz = await insertQuiz(context.database, { title: 'Headers: a draw' });
    const response = await context.request({
      method: 'GET',
      url: `/api/quizzes/${quiz.id}`,
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('HSTS only over TLS', () => {
  const https = { 'x-forwarded-proto': 'https' };

  it('is not sent over plain HTTP, nor for a forged x-forwarded-proto without TRUST_PROXY', async () => {
    for (const headers of [{}, https]) {
      const response = await context.request({ method: 'GET', url: '/api/health', headers });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is sent behind a trusted TLS proxy, and not for its plain HTTP requests', async () => {
    const proxied = await createTestContext({ env: { TRUST_PROXY: '1' } });
    try {
      const secure = await proxied.request({ method: 'GET', url: '/api/health', headers: https });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const refused = await proxied.request({ method: 'GET', url: '/api/auth/me', headers: https });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('media are served as the type their bytes tell', () => {
  const formats = ['png', 'jpeg', 'webp', 'gif'] as const;

  it.each(formats)('a %s declared as something else', async (format) => {
    const bytes = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#884422' } })
      .toFormat(format)
      .toBuffer();
    const declared = format === 'png' ? 'image/gif' : 'image/png';
    const url = await storeImageDataString(
      context.database.db,
      `data:${declared};base64,${bytes.toString('base64')}`,
    );
    const response = await context.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(`image/${format}`);
    expect(response.headers['content-disposition']).toBe('inline');
    expectBrowserHeaders(response.headers, format);
    // Re-encoded without metadata (decision 022), in the type its bytes told.
    expect((await sharp(response.rawPayload).metadata()).format).toBe(format);
  });

  it('answers an unknown image with a JSON 404, not a guess', async () => {
    const response = await context.request({ method: 'GET', url: mediaUrl('0'.repeat(64)) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectBrowserHeaders(response.headers, '404 media');
  });
});
