import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  insertUser,
  loginAs,
  readOutbox,
  uniqueEmail,
  type TestContext,
} from '../testing/index.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9' };

const wrongLogin = (headers: Record<string, string> = {}) =>
  context.request({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: uniqueEmail('nobody'), password: 'Not-The-Password-1' },
  });

async function learnerReading(language: 'en' | 'hi') {
  const user = await insertUser(context.database);
  const headers = await loginAs(context, user.email);
  const saved = await context.request({
    method: 'PUT',
    url: '/api/user/language',
    headers,
    payload: { language },
  });
  expect(saved.statusCode).toBe(200);
  return { ...user, headers };
}

const putProfile = (headers: Record<string, string>, payload: object) =>
  context.request({ method: 'PUT', url: '/api/user/profile', headers, payload });

describe('server messages in the learner language', () => {
  it('answers an anonymous wrong login in Hindi when Accept-Language prefers it', async () => {
    const response = await wrongLogin(HINDI);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'ईमेल या पासवर्ड सही नहीं है' });
  });

  it("answers the spec's English without Accept-Language, or when it prefers English", async () => {
    expect((await wrongLogin()).json()).toEqual({ message: 'Invalid email or password' });
    expect((await wrongLogin({ 'accept-language': 'en-GB,hi;q=0.5' })).json()).toEqual({
      message: 'Invalid email or password',
    });
  });

  it('answers a signed-in Hindi learner a 403 in Hindi, whatever the header says', async () => {
    const learner = await learnerReading('hi');
    const response = await context.request({
      method: 'GET',
      url: '/api/admin/learners',
      headers: { ...learner.headers, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'यह सिर्फ़ एडमिन कर सकते हैं' });
  });

  it('gives a signed-in Hindi learner the 400 message and field errors in Hindi', async () => {
    const learner = await learnerReading('hi');
    const response = await putProfile(learner.headers, {
      first_name: '   ',
      last_name: 'Learner',
      grade: 'c-3',
      phone: 'call me',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.errors.first_name).toBe('पहला नाम लिखना ज़रूरी है');
    expect(body.errors.phone).toBe('सही फ़ोन नंबर लिखें (7 से 15 अंक)');
    expect(Object.values(body.errors)).toContain(body.message);
  });

  it('keeps the stored English over an Accept-Language that prefers Hindi', async () => {
    const learner = await learnerReading('en');
    const forbidden = await context.request({
      method: 'GET',
      url: '/api/admin/learners',
      headers: { ...learner.headers, ...HINDI },
    });
    expect(forbidden.json()).toEqual({ message: 'Only admins can do this' });
    const invalid = await putProfile(
      { ...learner.headers, ...HINDI },
      { first_name: '', last_name: 'Learner', grade: 'c-3' },
    );
    expect(invalid.json()).toEqual({
      message: 'First name is required',
      errors: { first_name: 'First name is required' },
    });
  });

  it('sends a success message in Hindi too, and leaves the rest of the body as it is', async () => {
    const email = uniqueEmail('hindi');
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/signup',
      headers: HINDI,
      payload: {
        first_name: 'Aarav',
        last_name: 'Sharma',
        email,
        password: 'Mango-Tree-Delhi-9',
        grade: 'c-3',
        consent: true,
        language: 'hi',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'साइन अप हो गया! अपने खाते की पुष्टि के लिए कृपया अपना ईमेल देखें।',
    });
  });

  it('sends a Hindi sign-up its verification mail in Hindi, and an English one in English', async () => {
    const signup = (email: string, language: 'en' | 'hi') =>
      context.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          first_name: 'Aarav',
          last_name: 'Sharma',
          email,
          password: 'Mango-Tree-Delhi-9',
          grade: 'c-3',
          consent: true,
          language,
        },
      });
    const hindiEmail = uniqueEmail('hindi-mail');
    expect((await signup(hindiEmail, 'hi')).statusCode).toBe(201);
    const [hindiMail] = readOutbox(context.outboxDir, hindiEmail);
    expect(subjectOfMailTo(hindiEmail)).toBe('अपने QuizQuest खाते की पुष्टि करें');
    expect(hindiMail?.link).toMatch(/\/verify-email\?token=/);

    const englishEmail = uniqueEmail('english-mail');
    expect((await signup(englishEmail, 'en')).statusCode).toBe(201);
    const [englishMail] = readOutbox(context.outboxDir, englishEmail);
    expect(englishMail?.subject).toBe('Verify your QuizQuest account');
  });

  it("sends the reset mail in the account's language", async () => {
    const learner = await learnerReading('hi');
    const response = await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: learner.email },
    });
    expect(response.statusCode).toBe(200);
    expect(readOutbox(context.outboxDir, learner.email)).toHaveLength(1);
    expect(subjectOfMailTo(learner.email)).toBe('अपना QuizQuest पासवर्ड रीसेट करें');
  });
});

/** The subject of the one outbox mail to `to`: its folded header lines joined, encoded words decoded. */
function subjectOfMailTo(to: string): string {
  const raws = readdirSync(context.outboxDir)
    .map((file) => readFileSync(path.join(context.outboxDir, file), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`));
  expect(raws).toHaveLength(1);
  const header = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(raws[0] ?? '')?.[1] ?? '';
  const words = [...header.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)].map((word) => word[1] ?? '');
  // nodemailer writes a non-ASCII subject as base64 encoded words, split between characters' bytes.
  return words.length > 0
    ? Buffer.concat(words.map((word) => Buffer.from(word, 'base64'))).toString('utf8')
    : header;
}
