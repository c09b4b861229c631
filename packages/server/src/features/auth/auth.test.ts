import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestContext,
  insertUser,
  loginAs,
  readOutbox,
  TEST_PASSWORD,
  tokenFromLink,
  uniqueEmail,
  type TestContext,
} from '../../testing/index.ts';
import { CONSENT_TEXT } from '@quizquest/shared';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const validSignup = (email = uniqueEmail()) => ({
  first_name: 'Aarav',
  last_name: 'Sharma',
  email,
  password: 'Mango-Tree-Delhi-9',
  grade: 'c-3',
  consent: true,
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  context.request({ method: 'POST', url, payload: payload as object, headers });

async function signupAndVerify(email = uniqueEmail()) {
  expect((await post('/api/auth/signup', validSignup(email))).statusCode).toBe(201);
  const [mail] = readOutbox(context.outboxDir, email);
  const verify = await post('/api/auth/verify-email', { token: tokenFromLink(mail?.link ?? null) });
  expect(verify.statusCode).toBe(200);
  return email;
}

describe('POST /api/auth/signup', () => {
  it('creates an unverified learner, stores the consent and mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/signup', { ...validSignup(email), email: email.toUpperCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/check your email/i);
    const mails = readOutbox(context.outboxDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Verify your QuizQuest account');
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    const result = (await context.database.db.execute(
      `select role, is_verified, consent_text, consent_at, password_hash from users where email = '${email}'`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    const row = result.rows[0];
    expect(row).toMatchObject({ role: 'learner', is_verified: false, consent_text: CONSENT_TEXT });
    expect(row?.consent_at).toBeTruthy();
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a second sign-up with the same e-mail like the first, mails the owner and stores nothing', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', validSignup(email));
    const users = await countRows(context.database, 'users');
    const again = await post('/api/auth/signup', { ...validSignup(email), first_name: 'Other' });
    expect(again.statusCode).toBe(201);
    expect(await countRows(context.database, 'users')).toBe(users);
    expect(readOutbox(context.outboxDir, email).map((mail) => mail.subject)).toEqual([
      'Verify your QuizQuest account',
      'You already have a QuizQuest account',
    ]);
  });

  const badBodies: Array<[string, unknown, RegExp]> = [
    ['no body', undefined, /body|required/i],
    ['missing first name', { ...validSignup(), first_name: undefined }, /First name is required/],
    ['blank last name', { ...validSignup(), last_name: '   ' }, /Last name is required/],
    ['invalid e-mail', { ...validSignup(), email: 'not-an-email' }, /valid email/],
    ['number as e-mail', { ...validSignup(), email: 42 }, /Email/],
    ['unknown grade', { ...validSignup(), grade: 'c-13' }, /grade/i],
    ['short password', { ...validSignup(), password: 'short1' }, /at least 8 characters/],
    ['long password', { ...validSignup(), password: 'x'.repeat(129) }, /at most 128 characters/],
    ['common password', { ...validSignup(), password: 'password123' }, /too common/],
    ['no consent', { ...validSignup(), consent: false }, /parent or guardian/],
    ['array body', [validSignup()], /expected object/i],
  ];
  it.each(badBodies)('refuses %s with 400 and a message, storing nothing', async (_name, body, message) => {
    const before = await countRows(context.database, 'users');
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await countRows(context.database, 'users')).toBe(before);
  });

  it('refuses a 1 MB body with 413', async () => {
    const response = await post('/api/auth/signup', {
      ...validSignup(),
      first_name: 'a'.repeat(1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies once; the same token is refused afterwards', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', validSignup(email));
    const token = tokenFromLink(readOutbox(context.outboxDir, email)[0]?.link ?? null);
    const first = await post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    const headers = await loginAs(context, email, 'Mango-Tree-Delhi-9');
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json().isVerified).toBe(true);
    const reused = await post('/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Verification failed. The token may be invalid or expired.');
  });

  it('refuses an expired token (after 24 hours)', async () => {
    const email = uniqueEmail();
    await post('/api/auth/signup', validSignup(email));
    const token = tokenFromLink(readOutbox(context.outboxDir, email)[0]?.link ?? null);
    context.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const response = await post('/api/auth/verify-email', { token });
      expect(response.statusCode).toBe(400);
    } finally {
      context.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it.each([
    ['a wrong token', { token: 'A'.repeat(43) }],
    ['a short token', { token: 'abc' }],
    ['no token', {}],
    ['a numeric token', { token: 12345 }],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await post('/api/auth/verify-email', body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token and the user of spec §3', async () => {
    const email = await signupAndVerify();
    const response = await post('/api/auth/login', { email, password: 'Mango-Tree-Delhi-9' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      email,
      role: 'learner',
      name: 'Aarav Sharma',
      isVerified: true,
      completedQuizzes: 0,
      grade: 'c-3',
      subscription: 'free',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await insertUser(context.database);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Wrong-Password-1' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong-Password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['missing password', { email: 'a@example.com' }],
    ['empty password', { email: 'a@example.com', password: '' }],
    ['missing e-mail', { password: 'x' }],
    ['object e-mail', { email: { $ne: null }, password: 'x' }],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await post('/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });

  it('throttles failed logins per account and address (429); the owner elsewhere still gets in', async () => {
    const user = await insertUser(context.database);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'Wrong-Password-1' },
        remoteAddress: '10.0.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await context.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed logins for this account/);
    const owner = await context.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.0.1.1',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('limits logins per address (429)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'Wrong-Password-1' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[29]).toBe(401);
    expect(statuses[30]).toBe(429);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the e-mail exists, and mails only the owner', async () => {
    const user = await insertUser(context.database);
    const unknownEmail = uniqueEmail();
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(readOutbox(context.outboxDir, user.email)).toHaveLength(1);
    expect(readOutbox(context.outboxDir, unknownEmail)).toHaveLength(0);
  });

  it('resets the password once, revokes older tokens and lets the new password in', async () => {
    const user = await insertUser(context.database);
    const oldSession = await loginAs(context, user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const link = readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null;
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = tokenFromLink(link);

    const weak = await post('/api/auth/reset-password', { token, password: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/too common/);

    const reset = await post('/api/auth/reset-password', { token, password: 'New-Password-Kerala-7' });
    expect(reset.statusCode).toBe(200);

    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: oldSession });
    expect(me.statusCode).toBe(401);
    const oldPassword = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    await loginAs(context, user.email, 'New-Password-Kerala-7');

    const reused = await post('/api/auth/reset-password', { token, password: 'Another-Password-8' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses a reset token after one hour', async () => {
    const user = await insertUser(context.database);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink(readOutbox(context.outboxDir, user.email).at(-1)?.link ?? null);
    context.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const response = await post('/api/auth/reset-password', { token, password: 'New-Password-Kerala-7' });
      expect(response.statusCode).toBe(400);
    } finally {
      context.clock.advance(-(60 * 60 * 1000 + 1000));
    }
    await loginAs(context, user.email);
  });

  it.each([
    ['invalid e-mail', '/api/auth/forgot-password', { email: 'nope' }],
    ['missing e-mail', '/api/auth/forgot-password', {}],
    ['short new password', '/api/auth/reset-password', { token: 'A'.repeat(43), password: 'short' }],
    ['missing token', '/api/auth/reset-password', { password: 'Long-Enough-Pass-1' }],
  ])('refuses %s with 400', async (_name, url, body) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });

  it('limits forgot-password requests per address (429)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await context.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress: '10.7.7.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[9]).toBe(200);
    expect(statuses[10]).toBe(429);
  });

  it('limits sign-ups per address (429) at SIGNUP_LIMIT_PER_ADDRESS', async () => {
    const limited = await createTestContext({
      database: context.database,
      env: { SIGNUP_LIMIT_PER_ADDRESS: '10' },
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await limited.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: validSignup(),
        remoteAddress: '10.8.8.8',
      });
      statuses.push(response.statusCode);
    }
    await limited.app.close();
    rmSync(path.dirname(limited.outboxDir), { recursive: true, force: true });
    expect(statuses[9]).toBe(201);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/auth/me and tokens', () => {
  it('refuses missing, malformed and tampered tokens with 401', async () => {
    const user = await insertUser(context.database);
    const { authorization } = await loginAs(context, user.email);
    const [header, payload, signature] = authorization.replace('Bearer ', '').split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: user.id, tv: 0, role: 'admin' })).toString('base64url')}.${signature}`;
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${tampered}` },
      { authorization: `Bearer ${algNone}` },
      { authorization: 'Basic abc' },
    ]) {
      const response = await context.request({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please log in to continue' });
    }
  });

  it('refuses an expired token', async () => {
    const user = await insertUser(context.database);
    const headers = await loginAs(context, user.email);
    expect((await context.request({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    const { createJwtService } = await import('../../lib/jwt.ts');
    const shortLived = createJwtService('s'.repeat(32), 1);
    const token = await shortLived.sign({ sub: user.id, tv: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await shortLived.verify(token)).toBeNull();
  });

  it('reports the plan and its limits', async () => {
    const user = await insertUser(context.database);
    const headers = await loginAs(context, user.email);
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: user.email,
      subscription: 'free',
      quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
      allowedLevel: 0,
    });
  });
});

describe('public routes', () => {
  it('lists the 15 grades', async () => {
    const response = await context.request({ method: 'GET', url: '/api/grades/get-grades' });
    expect(response.statusCode).toBe(200);
    const grades = response.json<Array<{ value: string; label: string }>>();
    expect(grades).toHaveLength(15);
    expect(grades[0]).toEqual({ _id: 'Nursery', value: 'Nursery', label: 'Nursery' });
    expect(grades[1]?.label).toBe('Jr. Kg');
    expect(grades[14]).toMatchObject({ value: 'c-12', label: 'Class 12' });
  });

  it('serves the OpenAPI document with the account paths', async () => {
    const response = await context.request({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/auth/signup', '/auth/login', '/auth/me', '/grades/get-grades']),
    );
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await context.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers with a CSP that forbids inline scripts and framing', async () => {
    const response = await context.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});
