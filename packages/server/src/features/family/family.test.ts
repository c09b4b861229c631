import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountExportFile,
  FAMILY_ADMIN_MESSAGE,
  FAMILY_ERROR_CODES,
  LAST_LEARNER_REMOVAL_MESSAGE,
  LEARNER_LIMIT_MESSAGE,
  LEARNER_NOT_FOUND_MESSAGE,
  LearnersResponse,
  MAX_LEARNERS,
  PARENT_PIN_HEADER,
  PARENT_PIN_MAX_TRIES,
  PIN_LOCKED_MESSAGE,
  PIN_REQUIRED_MESSAGE,
  PIN_WRONG_MESSAGE,
  REMOVE_LEARNER_WRONG_PASSWORD,
  SelectLearnerResponse,
} from '@quizquest/shared';
import { attempts, subscriptions, users } from '../../db/schema.ts';
import {
  countRows,
  createTestContext,
  insertUser,
  loginAs,
  readOutbox,
  TEST_PASSWORD,
  tokenFromLink,
  type TestContext,
} from '../../testing/index.ts';
import { signPayload } from '../../testing/payments.ts';
import { answersFor, insertQuiz, type TestQuiz } from '../../testing/quizzes.ts';

const SECRET = 'webhook-secret-for-family-tests-0123456789';
let context: TestContext;
let quiz: TestQuiz;

type Headers = Record<string, string>;

beforeAll(async () => {
  context = await createTestContext({ rateLimitFactor: 100, env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  quiz = await insertQuiz(context.database, { title: 'Family practice', grades: ['c-3', 'c-1'] });
});
afterAll(async () => {
  await context.close();
});

async function newAccount(options: { isVerified?: boolean } = {}) {
  const holder = await insertUser(context.database, { grade: 'c-3', ...options });
  const headers = await loginAs(context, holder.email);
  return { holder, headers };
}

async function learners(headers: Headers) {
  const response = await context.request({ method: 'GET', url: '/api/learners', headers });
  expect(response.statusCode).toBe(200);
  return LearnersResponse.parse(response.json());
}

async function addChild(headers: Headers, first_name = 'Meera', grade = 'c-1') {
  return context.request({
    method: 'POST',
    url: '/api/learners',
    headers,
    payload: { first_name, last_name: 'Sharma', grade },
  });
}

async function select(headers: Headers, learnerId: string) {
  const response = await context.request({
    method: 'POST',
    url: `/api/learners/${learnerId}/select`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = SelectLearnerResponse.parse(response.json());
  return { headers: { authorization: `Bearer ${body.token}` }, user: body.user };
}

async function setPin(headers: Headers, pin: string | null, password = TEST_PASSWORD) {
  return context.request({ method: 'PUT', url: '/api/account/pin', headers, payload: { password, pin } });
}

async function pinProof(headers: Headers, pin: string): Promise<string> {
  const response = await context.request({
    method: 'POST',
    url: '/api/account/pin/verify',
    headers,
    payload: { pin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pinToken: string }>().pinToken;
}

describe('learners of an account', () => {
  it('lists the one learner of an account as it was before, and adds a child with the account’s settings', async () => {
    const { holder, headers } = await newAccount();
    const before = await learners(headers);
    expect(before).toMatchObject({
      activeLearnerId: holder.id,
      maxLearners: MAX_LEARNERS,
      pinSet: false,
      weeklyDigest: false,
    });
    expect(before.learners).toEqual([
      expect.objectContaining({
        id: holder.id,
        isAccountHolder: true,
        subscription: 'free',
        subscriptionEndsAt: null,
      }),
    ]);

    const added = await addChild(headers);
    expect(added.statusCode, added.body).toBe(201);
    const child = added.json<{ id: string }>();
    expect(added.json()).toMatchObject({
      first_name: 'Meera',
      last_name: 'Sharma',
      grade: 'c-1',
      isAccountHolder: false,
    });
    const [row] = await context.database.db.select().from(users).where(eq(users.id, child.id));
    expect(row).toMatchObject({ accountId: holder.id, email: null, passwordHash: null, isVerified: true });

    const after = await learners(headers);
    expect(after.learners.map((learner) => learner.id)).toEqual([holder.id, child.id]);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const { headers } = await newAccount();
    const usersBefore = await countRows(context.database, 'users');
    for (const payload of [
      {},
      { first_name: ' ', last_name: 'A', grade: 'c-1' },
      { first_name: 'A', last_name: 'B', grade: 'c-99' },
      { first_name: 'x'.repeat(61), last_name: 'B', grade: 'c-1' },
      { first_name: 'A', last_name: 'B', grade: 'c-1', accountId: '00000000-0000-0000-0000-000000000000' },
    ]) {
      const response = await context.request({ method: 'POST', url: '/api/learners', headers, payload });
      if (response.statusCode === 201) {
        // Unknown fields are dropped, never used: the child is in the requester's own account.
        const [row] = await context.database.db
          .select({ accountId: users.accountId })
          .from(users)
          .where(eq(users.id, response.json<{ id: string }>().id));
        expect(row?.accountId).not.toBe('00000000-0000-0000-0000-000000000000');
        await context.database.db.delete(users).where(eq(users.id, response.json<{ id: string }>().id));
        continue;
      }
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await countRows(context.database, 'users')).toBe(usersBefore);
  });

  it('keeps at most six learners, even when many adds arrive at once', async () => {
    const { holder, headers } = await newAccount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => addChild(headers, `Child${index}`)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(MAX_LEARNERS - 1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(10 - (MAX_LEARNERS - 1));
    expect(refused[0]?.json()).toMatchObject({ message: LEARNER_LIMIT_MESSAGE });
    const [row] = await context.database.db
      .select({ learners: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.accountId, holder.id));
    expect(row?.learners).toBe(MAX_LEARNERS);
  });

  it('switches learner: the new token acts on the child, the old one keeps working', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers, 'Kabir', 'c-1')).json<{ id: string }>();
    const childSession = await select(headers, child.id);
    expect(childSession.user).toMatchObject({
      _id: child.id,
      email: holder.email,
      first_name: 'Kabir',
      grade: 'c-1',
      role: 'learner',
      isVerified: true,
      subscription: 'free',
    });

    const submitted = await context.submitAsAuthored(childSession.headers, quiz.id, answersFor(quiz));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [attempt] = await context.database.db
      .select({ userId: attempts.userId, startedAt: attempts.startedAt })
      .from(attempts)
      .where(eq(attempts.id, submitted.json<{ attemptId: string }>().attemptId));
    expect(attempt?.userId).toBe(child.id);

    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: childSession.headers });
    expect(me.json()).toMatchObject({ _id: child.id, email: holder.email });
    const holderMe = await context.request({ method: 'GET', url: '/api/auth/me', headers });
    expect(holderMe.json()).toMatchObject({ _id: holder.id });

    // The child's own result is not the holder's to read through the holder's token, nor the reverse.
    const attemptId = submitted.json<{ attemptId: string }>().attemptId;
    const asHolder = await context.request({
      method: 'GET',
      url: `/api/quizzes/result/${attemptId}`,
      headers,
    });
    expect(asHolder.statusCode).toBe(404);
    const asChild = await context.request({
      method: 'GET',
      url: `/api/quizzes/result/${attemptId}`,
      headers: childSession.headers,
    });
    expect(asChild.statusCode).toBe(200);

    // Switching back from the child's token works too.
    const back = await select(childSession.headers, holder.id);
    expect(back.user._id).toBe(holder.id);
    expect((await learners(childSession.headers)).activeLearnerId).toBe(child.id);
  });

  it('never selects a learner of another account, nor an admin', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const otherChild = (await addChild(second.headers)).json<{ id: string }>();
    for (const id of [second.holder.id, otherChild.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await context.request({
        method: 'POST',
        url: `/api/learners/${id}/select`,
        headers: first.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: LEARNER_NOT_FOUND_MESSAGE });
    }
    const malformed = await context.request({
      method: 'POST',
      url: '/api/learners/not-a-uuid/select',
      headers: first.headers,
    });
    expect(malformed.statusCode).toBe(400);

    const admin = await insertUser(context.database, { role: 'admin' });
    const adminHeaders = await loginAs(context, admin.email);
    const list = await context.request({ method: 'GET', url: '/api/learners', headers: adminHeaders });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ message: FAMILY_ADMIN_MESSAGE });
    const selectAdmin = await context.request({
      method: 'POST',
      url: `/api/learners/${admin.id}/select`,
      headers: first.headers,
    });
    expect(selectAdmin.statusCode).toBe(404);
  });

  it('revokes every learner’s token when the account’s password is reset', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    const childSession = await select(headers, child.id);
    await context.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: holder.email },
    });
    const [mail] = readOutbox(context.outboxDir, holder.email).filter((item) =>
      item.link?.includes('reset-password'),
    );
    const reset = await context.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFromLink(mail?.link ?? null), password: 'A-new-family-password-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const session of [headers, childSession.headers]) {
      const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: session });
      expect(me.statusCode).toBe(401);
    }
  });
});

describe('removing a child and the account', () => {
  it('removes a child after the password, erasing its data but keeping its attempts anonymous', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    const childSession = await select(headers, child.id);
    const submitted = await context.submitAsAuthored(childSession.headers, quiz.id, answersFor(quiz));
    const attemptId = submitted.json<{ attemptId: string }>().attemptId;

    const wrong = await context.request({
      method: 'DELETE',
      url: `/api/learners/${child.id}`,
      headers,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: REMOVE_LEARNER_WRONG_PASSWORD });

    const removed = await context.request({
      method: 'DELETE',
      url: `/api/learners/${child.id}`,
      headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await context.database.db.select().from(users).where(eq(users.id, child.id))).toEqual([]);
    const [kept] = await context.database.db
      .select({ userId: attempts.userId })
      .from(attempts)
      .where(eq(attempts.id, attemptId));
    expect(kept).toEqual({ userId: null });
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: childSession.headers });
    expect(me.statusCode).toBe(401);
    expect((await learners(headers)).learners.map((learner) => learner.id)).toEqual([holder.id]);
  });

  it('removes the first child by handing the account to the next one; the last child stays', async () => {
    const { holder, headers } = await newAccount();
    const second = (await addChild(headers, 'Kabir')).json<{ id: string }>();
    const third = (await addChild(headers, 'Zoya')).json<{ id: string }>();
    const secondSession = await select(headers, second.id);
    const thirdSession = await select(headers, third.id);
    const submitted = await context.submitAsAuthored(headers, quiz.id, answersFor(quiz));
    const holderAttempt = submitted.json<{ attemptId: string }>().attemptId;

    // Removed from the second child's session: the first child's row held the account.
    const removed = await context.request({
      method: 'DELETE',
      url: `/api/learners/${holder.id}`,
      headers: secondSession.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await context.database.db
      .select({ id: users.id, accountId: users.accountId, email: users.email })
      .from(users)
      .where(sql`${users.id} in (${holder.id}, ${second.id}, ${third.id})`);
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: second.id, accountId: second.id, email: holder.email },
        { id: third.id, accountId: second.id, email: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const [kept] = await context.database.db
      .select({ userId: attempts.userId })
      .from(attempts)
      .where(eq(attempts.id, holderAttempt));
    expect(kept).toEqual({ userId: null });

    // The removed child's token is gone; the others keep working; the sign-in is the same.
    expect((await context.request({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    const secondMe = await context.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: secondSession.headers,
    });
    expect(secondMe.json()).toMatchObject({ _id: second.id, email: holder.email, first_name: 'Kabir' });
    expect(
      (await context.request({ method: 'GET', url: '/api/auth/me', headers: thirdSession.headers }))
        .statusCode,
    ).toBe(200);
    const again = await loginAs(context, holder.email);
    const list = await learners(again);
    expect(list.activeLearnerId).toBe(second.id);
    expect(list.learners.map((learner) => [learner.id, learner.isAccountHolder])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);

    // The last child stays: removing it means deleting the account.
    const third_removed = await context.request({
      method: 'DELETE',
      url: `/api/learners/${third.id}`,
      headers: again,
      payload: { password: TEST_PASSWORD },
    });
    expect(third_removed.statusCode).toBe(200);
    const last = await context.request({
      method: 'DELETE',
      url: `/api/learners/${second.id}`,
      headers: again,
      payload: { password: TEST_PASSWORD },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ message: LAST_LEARNER_REMOVAL_MESSAGE });
  });

  it('never removes another account’s child', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const otherChild = (await addChild(second.headers)).json<{ id: string }>();
    const response = await context.request({
      method: 'DELETE',
      url: `/api/learners/${otherChild.id}`,
      headers: first.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(404);
    expect(
      await context.database.db.select({ id: users.id }).from(users).where(eq(users.id, otherChild.id)),
    ).toHaveLength(1);
  });

  it('deletes the whole account from a child’s session: every learner goes', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    const childSession = await select(headers, child.id);
    const response = await context.request({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: childSession.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const left = await context.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.accountId, holder.id));
    expect(left).toEqual([]);
  });

  it('exports one child, or the whole account with every learner', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    const one = await context.request({ method: 'GET', url: `/api/learners/${child.id}/export`, headers });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      account: { id: child.id, email: holder.email },
      profile: { first_name: 'Meera' },
    });
    const all = await context.request({ method: 'GET', url: '/api/account/export', headers });
    expect(all.statusCode, all.body).toBe(200);
    const file = AccountExportFile.parse(all.json());
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="quizquest-family-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.learners.map((learner) => learner.account.id)).toEqual([holder.id, child.id]);
    expect(all.body).not.toContain('passwordHash');
    expect(all.body).not.toContain('pin');
  });
});

describe('the parent PIN', () => {
  it('guards buying, adding, removing, exporting and deleting once set; a proof opens them', async () => {
    const { headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    expect((await setPin(headers, '2468', 'wrong-password')).statusCode).toBe(403);
    const saved = await setPin(headers, '2468');
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await learners(headers)).pinSet).toBe(true);

    const guarded = [
      { method: 'GET' as const, url: '/api/plans/plan299/payment' },
      {
        method: 'POST' as const,
        url: '/api/learners',
        payload: { first_name: 'A', last_name: 'B', grade: 'c-1' },
      },
      { method: 'DELETE' as const, url: `/api/learners/${child.id}`, payload: { password: TEST_PASSWORD } },
      { method: 'GET' as const, url: '/api/user/export' },
      { method: 'GET' as const, url: `/api/learners/${child.id}/export` },
      { method: 'GET' as const, url: '/api/account/export' },
      { method: 'POST' as const, url: '/api/user/delete-account', payload: { password: TEST_PASSWORD } },
    ];
    const usersBefore = await countRows(context.database, 'users');
    for (const request of guarded) {
      for (const proof of [undefined, 'junk', headers.authorization?.slice('Bearer '.length)]) {
        const response = await context.request({
          ...request,
          headers: proof === undefined ? headers : { ...headers, [PARENT_PIN_HEADER]: proof },
        });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(response.json()).toEqual({
          message: PIN_REQUIRED_MESSAGE,
          code: FAMILY_ERROR_CODES.pinRequired,
        });
      }
    }
    expect(await countRows(context.database, 'users')).toBe(usersBefore);

    const proof = await pinProof(headers, '2468');
    // A proof is not a sign-in.
    const asBearer = await context.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${proof}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const withProof = { ...headers, [PARENT_PIN_HEADER]: proof };
    expect(
      (await context.request({ method: 'GET', url: '/api/plans/plan299/payment', headers: withProof }))
        .statusCode,
    ).toBe(200);
    expect(
      (await context.request({ method: 'GET', url: '/api/account/export', headers: withProof })).statusCode,
    ).toBe(200);
    // The child's session on the same phone needs it as well, and the same proof opens it.
    const childSession = await select(headers, child.id);
    expect(
      (await context.request({ method: 'GET', url: '/api/user/export', headers: childSession.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await context.request({
          method: 'GET',
          url: '/api/user/export',
          headers: { ...childSession.headers, [PARENT_PIN_HEADER]: proof },
        })
      ).statusCode,
    ).toBe(200);

    // Another account's proof opens nothing here.
    const other = await newAccount();
    await setPin(other.headers, '1357');
    const otherProof = await pinProof(other.headers, '1357');
    const crossed = await context.request({
      method: 'GET',
      url: '/api/account/export',
      headers: { ...headers, [PARENT_PIN_HEADER]: otherProof },
    });
    expect(crossed.statusCode).toBe(403);

    // A new PIN voids the proofs of the old one; removing the PIN opens everything again.
    await setPin(headers, '9753');
    expect(
      (await context.request({ method: 'GET', url: '/api/account/export', headers: withProof })).statusCode,
    ).toBe(403);
    await setPin(headers, null);
    expect((await learners(headers)).pinSet).toBe(false);
    expect((await context.request({ method: 'GET', url: '/api/account/export', headers })).statusCode).toBe(
      200,
    );
  });

  it('locks after five wrong PINs, even tried at once, until the e-mailed link removes it', async () => {
    const { holder, headers } = await newAccount();
    await setPin(headers, '1111');
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        context.request({
          method: 'POST',
          url: '/api/account/pin/verify',
          headers,
          payload: { pin: '0000' },
        }),
      ),
    );
    const statuses = tries.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 403)).toHaveLength(PARENT_PIN_MAX_TRIES - 1);
    expect(statuses.filter((status) => status === 423)).toHaveLength(12 - (PARENT_PIN_MAX_TRIES - 1));
    expect(tries.find((response) => response.statusCode === 403)?.json()).toMatchObject({
      message: PIN_WRONG_MESSAGE,
      code: FAMILY_ERROR_CODES.pinWrong,
    });
    // Locked: even the right PIN is refused now.
    const right = await context.request({
      method: 'POST',
      url: '/api/account/pin/verify',
      headers,
      payload: { pin: '1111' },
    });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ message: PIN_LOCKED_MESSAGE, code: FAMILY_ERROR_CODES.pinLocked });

    const asked = await context.request({ method: 'POST', url: '/api/account/pin/reset', headers });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = readOutbox(context.outboxDir, holder.email).filter((item) =>
      item.link?.includes('/pin/reset'),
    );
    const token = tokenFromLink(mail?.link ?? null);
    const bad = await context.request({
      method: 'POST',
      url: '/api/account/pin/reset-confirm',
      payload: { token: 'x'.repeat(40) },
    });
    expect(bad.statusCode).toBe(400);
    const confirmed = await context.request({
      method: 'POST',
      url: '/api/account/pin/reset-confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await context.request({
      method: 'POST',
      url: '/api/account/pin/reset-confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect((await learners(headers)).pinSet).toBe(false);
    expect((await setPin(headers, '2222')).statusCode).toBe(200);
    expect(await pinProof(headers, '2222')).toBeTruthy();
  });

  it('refuses a malformed PIN with a field error', async () => {
    const { headers } = await newAccount();
    for (const pin of ['123', '12345', 'abcd', 1234]) {
      const response = await setPin(headers, pin as string);
      expect(response.statusCode).toBe(400);
    }
    const unset = await context.request({
      method: 'POST',
      url: '/api/account/pin/verify',
      headers,
      payload: { pin: '1234' },
    });
    expect(unset.statusCode).toBe(409);
  });
});

describe('the weekly digest choice', () => {
  it('is off by default and saved for the account', async () => {
    const { headers } = await newAccount();
    const saved = await context.request({
      method: 'PUT',
      url: '/api/account/digest',
      headers,
      payload: { weeklyDigest: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await learners(headers)).weeklyDigest).toBe(true);
    const bad = await context.request({
      method: 'PUT',
      url: '/api/account/digest',
      headers,
      payload: { weeklyDigest: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('plans per learner', () => {
  it('names the learner in the payment reference and credits that child from the webhook', async () => {
    const { holder, headers } = await newAccount();
    const child = (await addChild(headers)).json<{ id: string }>();
    const childSession = await select(headers, child.id);
    const payment = await context.request({
      method: 'GET',
      url: '/api/plans/plan299/payment',
      headers: childSession.headers,
    });
    const reference = payment.json<{ reference: string }>().reference;

    const event = (paymentId: string, notes: Record<string, string>) =>
      JSON.stringify({
        event: 'payment_link.paid',
        payload: {
          payment: {
            entity: {
              id: paymentId,
              amount: 29900,
              currency: 'INR',
              status: 'captured',
              email: holder.email,
              notes,
            },
          },
        },
      });
    const send = (body: string) =>
      context.request({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signPayload(SECRET, body) },
        payload: body,
      });
    // Two learners and no reference: an admin decides.
    const unnamed = await send(event(`pay_${holder.id.slice(0, 8)}a`, {}));
    expect(unnamed.statusCode).toBe(202);
    const named = await send(event(`pay_${holder.id.slice(0, 8)}b`, { reference }));
    expect(named.statusCode, named.body).toBe(200);
    const rows = await context.database.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, child.id));
    expect(rows).toHaveLength(1);
    const list = await learners(headers);
    expect(list.learners.find((learner) => learner.id === child.id)?.subscription).toBe('plan299');
    expect(list.learners.find((learner) => learner.id === holder.id)?.subscription).toBe('free');
  });
});
