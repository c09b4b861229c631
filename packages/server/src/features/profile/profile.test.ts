import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOB_MESSAGE, DOB_PAST_MESSAGE, PHONE_MESSAGE, TIME_ZONE_MESSAGE } from '@quizquest/shared';
import { users } from '../../db/schema.ts';
import { countRows, createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { AVATAR_MESSAGE, EMAIL_UNCHANGEABLE_MESSAGE } from './service.ts';

let context: TestContext;
let pngDataString: string;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.now = new Date('2026-03-15T10:00:00Z');
  const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#3366cc' } })
    .png()
    .toBuffer();
  pngDataString = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(async () => {
  await context.close();
});

type Headers = { authorization: string };

async function learner() {
  const user = await insertUser(context.database, { grade: 'c-3' });
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

const getProfile = (headers: Headers) =>
  context.request({ method: 'GET', url: '/api/user/profile', headers });
const putProfile = (headers: Headers, payload: unknown) =>
  context.request({
    method: 'PUT',
    url: '/api/user/profile',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function userRow(id: string) {
  const [row] = await context.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

describe('GET /api/user/profile', () => {
  it('answers 401 without a token', async () => {
    const response = await context.request({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(401);
  });

  it('returns the spec fields of the signed-in user on the free plan', async () => {
    const user = await learner();
    const response = await getProfile(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      first_name: 'Test',
      last_name: 'Learner',
      email: user.email,
      phone: null,
      gender: null,
      dob: null,
      avatar: null,
      grade: 'c-3',
      subscription: 'free',
      subscriptionEndsAt: null,
      quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
      allowedLevel: 0,
      timeZone: 'Asia/Kolkata',
      language: 'en',
    });
  });
});

describe('PUT /api/user/profile', () => {
  const valid = (email: string) => ({
    first_name: 'Asha',
    last_name: 'Rao',
    email,
    phone: '+91 98765 43210',
    gender: 'Female',
    dob: '2016-04-09',
    grade: 'c-4',
  });

  it('saves every field and returns the saved profile', async () => {
    const user = await learner();
    const response = await putProfile(user.headers, valid(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...valid(user.email), avatar: null, subscription: 'free' });
    expect(await getProfile(user.headers).then((r) => r.json())).toMatchObject(valid(user.email));
    const row = await userRow(user.id);
    expect(row).toMatchObject({ firstName: 'Asha', lastName: 'Rao', grade: 'c-4', gender: 'Female' });
    // The session user (/auth/me) carries the new name.
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json()).toMatchObject({ name: 'Asha Rao', grade: 'c-4' });
  });

  it('uses the first 10 characters of a full ISO date of birth', async () => {
    const user = await learner();
    const response = await putProfile(user.headers, {
      ...valid(user.email),
      dob: '2015-12-31T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().dob).toBe('2015-12-31');
  });

  it('clears optional fields sent empty, and keeps those left out', async () => {
    const user = await learner();
    await putProfile(user.headers, valid(user.email));
    const kept = await putProfile(user.headers, { first_name: 'Asha', last_name: 'Rao', grade: 'c-4' });
    expect(kept.json()).toMatchObject({ phone: '+91 98765 43210', gender: 'Female', dob: '2016-04-09' });
    const cleared = await putProfile(user.headers, {
      ...valid(user.email),
      phone: '',
      gender: '',
      dob: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, gender: null, dob: null });
  });

  it.each([
    ['first_name', { first_name: '   ' }, 'First name is required'],
    ['first_name', { first_name: undefined }, 'First name is required'],
    ['last_name', { last_name: '' }, 'Last name is required'],
    ['first_name', { first_name: 'x'.repeat(61) }, 'First name must be at most 60 characters'],
    ['grade', { grade: 'c-13' }, 'Choose a grade from the list'],
    ['grade', { grade: undefined }, 'Choose a grade from the list'],
    ['gender', { gender: 'Other' }, 'Choose Male or Female'],
    ['phone', { phone: 'call me' }, PHONE_MESSAGE],
    ['phone', { phone: '12345' }, PHONE_MESSAGE],
    ['phone', { phone: '1'.repeat(16) }, PHONE_MESSAGE],
    ['dob', { dob: '2016-02-30' }, DOB_MESSAGE],
    ['dob', { dob: '09/04/2016' }, DOB_MESSAGE],
    ['dob', { dob: '1899-12-31' }, DOB_MESSAGE],
    ['dob', { dob: '2026-03-15' }, DOB_PAST_MESSAGE],
    ['dob', { dob: '2030-01-01' }, DOB_PAST_MESSAGE],
    ['email', { email: 'someone-else@example.com' }, EMAIL_UNCHANGEABLE_MESSAGE],
    ['avatar', { avatar: 'https://evil.example/me.png' }, AVATAR_MESSAGE],
    ['avatar', { avatar: 'data:image/png;base64,aGVsbG8gd29ybGQh' }, AVATAR_MESSAGE],
    ['avatar', { avatar: 'not an image at all' }, AVATAR_MESSAGE],
  ])(
    'refuses a bad %s (%j) with 400, a message for that field, and stores nothing',
    async (field, change, message) => {
      const user = await learner();
      const before = await userRow(user.id);
      const mediaBefore = await countRows(context.database, 'media');
      const response = await putProfile(user.headers, { ...valid(user.email), ...change });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string; errors: Record<string, string> }>();
      expect(body.errors[field]).toBe(message);
      expect(body.message).toBe(message);
      expect(await userRow(user.id)).toEqual(before);
      expect(await countRows(context.database, 'media')).toBe(mediaBefore);
    },
  );

  it('accepts the e-mail sent back in another case, and never changes it', async () => {
    const user = await learner();
    const response = await putProfile(user.headers, valid(user.email.toUpperCase()));
    expect(response.statusCode).toBe(200);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('reports every bad field at once', async () => {
    const user = await learner();
    const response = await putProfile(user.headers, {
      ...valid(user.email),
      first_name: '',
      gender: 'X',
      phone: 'abc',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['first_name', 'gender', 'phone']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const user = await learner();
    const response = await context.request({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the avatar', () => {
  it('stores an image data string as media and serves it from its URL', async () => {
    const user = await learner();
    const response = await putProfile(user.headers, {
      first_name: 'Asha',
      last_name: 'Rao',
      email: user.email,
      grade: 'c-4',
      avatar: pngDataString,
    });
    expect(response.statusCode).toBe(200);
    const avatar = response.json<{ avatar: string }>().avatar;
    expect(avatar).toMatch(/^\/api\/media\/[0-9a-f]{64}$/);

    // Re-encoded as the spec's avatar: a JPEG (decision 022), the same size as this small one.
    const image = await context.request({ method: 'GET', url: avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });

    // Sending the URL back keeps it; leaving it out keeps it; null removes it.
    const kept = await putProfile(user.headers, {
      first_name: 'Asha',
      last_name: 'Rao',
      grade: 'c-4',
      avatar,
    });
    expect(kept.json().avatar).toBe(avatar);
    const untouched = await putProfile(user.headers, { first_name: 'Asha', last_name: 'Rao', grade: 'c-4' });
    expect(untouched.json().avatar).toBe(avatar);
    const removed = await putProfile(user.headers, {
      first_name: 'Asha',
      last_name: 'Rao',
      grade: 'c-4',
      avatar: null,
    });
    expect(removed.json().avatar).toBeNull();
    expect((await userRow(user.id)).avatarMediaId).toBeNull();
  });

  it("refuses another user's media URL as an avatar", async () => {
    const owner = await learner();
    const saved = await putProfile(owner.headers, {
      first_name: 'A',
      last_name: 'B',
      grade: 'c-1',
      avatar: pngDataString,
    });
    const other = await learner();
    const response = await putProfile(other.headers, {
      first_name: 'C',
      last_name: 'D',
      grade: 'c-1',
      avatar: saved.json().avatar,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.avatar).toBe(AVATAR_MESSAGE);
    expect((await userRow(other.id)).avatarMediaId).toBeNull();
  });
});

describe('the time zone (beside the spec fields, decision 030)', () => {
  const base = { first_name: 'Asha', last_name: 'Rao', grade: 'c-3' };
  let refused: Awaited<ReturnType<typeof learner>> | undefined;
  // Its own app: the sign-ins above have used this address's login allowance.
  let outer: TestContext;
  beforeAll(async () => {
    outer = context;
    context = await createTestContext({ rateLimitFactor: 100 });
  });
  afterAll(async () => {
    await context.close();
    context = outer;
  });

  it('is Asia/Kolkata until the learner chooses another, and absent keeps it', async () => {
    const user = await learner();
    expect((await userRow(user.id)).timeZone).toBe('Asia/Kolkata');
    const saved = await putProfile(user.headers, { ...base, timeZone: 'Europe/London' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().timeZone).toBe('Europe/London');
    expect((await getProfile(user.headers)).json().timeZone).toBe('Europe/London');
    const kept = await putProfile(user.headers, base);
    expect(kept.statusCode).toBe(200);
    expect((await userRow(user.id)).timeZone).toBe('Europe/London');
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['an offset (PostgreSQL reads it with the other sign)', '+05:30'],
    ['an empty string', ''],
    ['SQL', "Asia/Kolkata'; drop table users; --"],
    ['a very long name', `Asia/${'K'.repeat(200)}`],
    ['a number', 330],
    ['null', null],
  ])('refuses %s with 400 and stores nothing', async (_name, timeZone) => {
    refused ??= await learner();
    const user = refused;
    const response = await putProfile(user.headers, { ...base, first_name: 'Changed', timeZone });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TIME_ZONE_MESSAGE);
    const row = await userRow(user.id);
    expect(row.timeZone).toBe('Asia/Kolkata');
    expect(row.firstName).toBe('Test');
  });
});

describe('the language (beside the spec fields, decision 034)', () => {
  // One learner for every test here: each login counts against the address's login limit.
  let shared: Awaited<ReturnType<typeof learner>> | undefined;
  const theLearner = async () => (shared ??= await learner());
  const putLanguage = (headers: Headers | Record<string, never>, payload: unknown) =>
    context.request({
      method: 'PUT',
      url: '/api/user/language',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('is English until the learner chooses Hindi, which the profile, the session user and the row keep', async () => {
    const user = await theLearner();
    expect((await getProfile(user.headers)).json().language).toBe('en');
    const saved = await putLanguage(user.headers, { language: 'hi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'hi' });
    expect((await getProfile(user.headers)).json().language).toBe('hi');
    expect((await userRow(user.id)).language).toBe('hi');
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().language).toBe('hi');
    expect((await putLanguage(user.headers, { language: 'en' })).json()).toEqual({ language: 'en' });
    expect((await userRow(user.id)).language).toBe('en');
  });

  it.each([
    ['another language', { language: 'fr' }],
    ['a language name', { language: 'Hindi' }],
    ['no language', {}],
    ['a number', { language: 1 }],
    ['a list', { language: ['hi'] }],
  ])('refuses %s with 400 and changes nothing', async (_case, payload) => {
    const user = await theLearner();
    const response = await putLanguage(user.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await userRow(user.id)).language).toBe('en');
  });

  it('answers 401 without a token', async () => {
    expect((await putLanguage({}, { language: 'hi' })).statusCode).toBe(401);
  });
});
