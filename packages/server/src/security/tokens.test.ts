import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { RESET_FAILED_MESSAGE, VERIFY_FAILED_MESSAGE } from '../features/auth/service.ts';
import {
  createTestContext,
  insertUser,
  loginAs,
  readOutbox,
  tokenFromLink,
  uniqueEmail,
  type TestContext,
} from '../testing/index.ts';
import { tableCounts } from './support.ts';

/**
 * Tokens and rate limits (issue #9 item 3). Already covered elsewhere and not repeated here:
 * features/auth/auth.test.ts (missing, malformed, tampered and alg-none JWTs; a password reset
 * revoking older JWTs; verification tokens expired, reused and wrong; reset tokens expired and
 * reused; 429 on login per account and per address, sign-up and forgot-password) and
 * features/attempts/attempts.test.ts (429 on submissions). This file adds the JWTs those miss,
 * applied to routes of every scope, and the reset and verification cases they miss. The limits
 * shared between two app instances through Redis are in reliability/redis-limits.reliability.ts
 * (npm run test:reliability, which CI runs with a Redis): `npm test` needs no Redis.
 */

const JWT_SECRET = randomBytes(32).toString('hex');
const key = (secret: string) => new TextEncoder().encode(secret);

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ jwtSecret: JWT_SECRET });
});
afterAll(async () => {
  await context.close();
});

async function tokenFor(
  claims: Record<string, unknown>,
  options: { secret?: string; alg?: string; expiresAt?: number; issuedAt?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(key(options.secret ?? JWT_SECRET));
}

/** One route of each scope: signed-in reads and writes, and an admin route (401 before 403). */
const GUARDED = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'GET', url: '/api/user/profile' },
  { method: 'PUT', url: '/api/user/profile', payload: { first_name: 'A', last_name: 'B', grade: 'c-3' } },
  { method: 'GET', url: '/api/quizzes/history' },
  { method: 'GET', url: '/api/admin/learners' },
  { method: 'GET', url: '/api/admin/quizzes' },
] as const;

async function expectRefusedEverywhere(token: string) {
  const before = await tableCounts(context.database);
  for (const route of GUARDED) {
    const response = await context.request({
      method: route.method,
      url: route.url,
      headers: { authorization: `Bearer ${token}` },
      ...('payload' in route ? { payload: route.payload } : {}),
    });
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    expect(response.json()).toEqual({ message: 'Please log in to continue' });
  }
  expect(await tableCounts(context.database)).toEqual(before);
}

describe('JWTs', () => {
  it('accepts a token made the way the app makes them (the control case)', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const token = await tokenFor({ sub: admin.id, tv: admin.tokenVersion });
    const response = await context.request({
      method: 'GET',
      url: '/api/admin/learners',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired token on every scope', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const now = Math.floor(Date.now() / 1000);
    await expectRefusedEverywhere(
      await tokenFor({ sub: admin.id, tv: 0 }, { issuedAt: now - 7200, expiresAt: now - 60 }),
    );
  });

  it('refuses a token signed with another secret', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    await expectRefusedEverywhere(await tokenFor({ sub: admin.id, tv: 0 }, { secret: 's'.repeat(64) }));
  });

  it('refuses a token signed with another algorithm, even with the right secret', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    await expectRefusedEverywhere(await tokenFor({ sub: admin.id, tv: 0 }, { alg: 'HS512' }));
  });

  it('refuses an alg-none token carrying an admin id', async () => {
    const admin = await insertUser(context.database, { role: 'admin' });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    await expectRefusedEverywhere(
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: admin.id, tv: 0, iat: now, exp: now + 600 })}.`,
    );
  });

  it.each([
    ['no token version', { sub: '00000000-0000-4000-8000-000000000000' }],
    ['a token version as text', { sub: '00000000-0000-4000-8000-000000000000', tv: '0' }],
    ['a subject that is not an id', { sub: "' or 1=1 --", tv: 0 }],
    ['an unknown user', { sub: '00000000-0000-4000-8000-000000000000', tv: 0 }],
  ])('refuses a correctly signed token with %s', async (_name, claims) => {
    await expectRefusedEverywhere(await tokenFor(claims));
  });

  it('refuses the token of a deleted user', async () => {
    const user = await insertUser(context.database, { role: 'admin' });
    const { authorization } = await loginAs(context, user.email);
    await context.database.db.delete(users).where(eq(users.id, user.id));
    await expectRefusedEverywhere(authorization.replace('Bearer ', ''));
  });

  it('refuses a token issued before a password reset, on every scope', async () => {
    const user = await insertUser(context.database, { role: 'admin' });
    const { authorization } = await loginAs(context, user.email);
    await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = tokenFromLink(readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null);
    const reset = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'New-Password-Kerala-7' },
    });
    expect(reset.statusCode).toBe(200);
    await expectRefusedEverywhere(authorization.replace('Bearer ', ''));
  });
});

describe('verification and reset tokens', () => {
  const passwordHashOf = async (id: string) =>
    (await context.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]
      ?.hash;

  it('refuses a wrong reset token with a valid new password, changing nothing', async () => {
    const user = await insertUser(context.database);
    const hash = await passwordHashOf(user.id);
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: randomBytes(32).toString('base64url'), password: 'New-Password-Kerala-7' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RESET_FAILED_MESSAGE });
    expect(await passwordHashOf(user.id)).toBe(hash);
  });

  it('refuses a verification token as a reset token and a reset token as a verification token', async () => {
    const email = uniqueEmail();
    await context.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Asha',
        last_name: 'Rao',
        email,
        password: 'Mango-Tree-Delhi-9',
        grade: 'c-3',
        consent: true,
      },
    });
    const verifyToken = tokenFromLink(readOutbox(context.outboxDir, email)[0]?.link ?? null);
    const asReset = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: verifyToken, password: 'New-Password-Kerala-7' },
    });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json()).toEqual({ message: RESET_FAILED_MESSAGE });

    await context.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetToken = tokenFromLink(readOutbox(context.outboxDir, email).at(-1)?.link ?? null);
    const asVerify = await context.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: resetToken },
    });
    expect(asVerify.statusCode).toBe(400);
    expect(asVerify.json()).toEqual({ message: VERIFY_FAILED_MESSAGE });
    // The verification link still works for what it is, once.
    const verified = await context.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('refuses an older reset link once another one was used', async () => {
    const user = await insertUser(context.database);
    for (let mail = 0; mail < 2; mail += 1) {
      await context.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
    }
    const [first, second] = readOutbox(context.outboxDir, user.email).map((mail) => tokenFromLink(mail.link));
    const used = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: second, password: 'New-Password-Kerala-7' },
    });
    expect(used.statusCode).toBe(200);
    const hash = await passwordHashOf(user.id);
    const older = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: first, password: 'Other-Password-Goa-8' },
    });
    expect(older.statusCode).toBe(400);
    expect(await passwordHashOf(user.id)).toBe(hash);
  });
});
