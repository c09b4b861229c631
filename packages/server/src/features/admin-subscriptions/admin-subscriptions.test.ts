import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { subscriptionHistory } from '../../entitlements/plan-changes.ts';

let context: TestContext;
let admin: { id: string; headers: { authorization: string } };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.now = new Date('2026-02-01T12:00:00Z');
  const user = await insertUser(context.database, { role: 'admin' });
  admin = { id: user.id, headers: await loginAs(context, user.email) };
});
afterAll(async () => {
  await context.close();
});

async function learner() {
  const user = await insertUser(context.database);
  return { id: user.id, headers: await loginAs(context, user.email) };
}

const act = (userId: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  context.request({
    method: 'POST',
    url: `/api/admin/users/${userId}/subscription`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('POST /api/admin/users/:userId/subscription', () => {
  it('refuses anonymous callers (401) and learners (403), storing nothing', async () => {
    const target = await learner();
    const before = await countRows(context.database, 'subscriptions');
    expect((await act(target.id, { action: 'activate', planId: 'plan299' }, {})).statusCode).toBe(401);
    const asLearner = await act(target.id, { action: 'activate', planId: 'plan299' }, target.headers);
    expect(asLearner.statusCode).toBe(403);
    expect(await countRows(context.database, 'subscriptions')).toBe(before);
  });

  it('activates, extends and cancels, and the learner sees each change at once', async () => {
    const target = await learner();
    const activated = await act(target.id, { action: 'activate', planId: 'plan99' });
    expect(activated.statusCode).toBe(200);
    const end = new Date(context.clock.now.getTime() + 365 * DAY).toISOString();
    expect(activated.json()).toEqual({
      message: 'Growth Plan activated',
      subscription: 'plan99',
      subscriptionEndsAt: end,
      quizLimits: { maxQuizzes: 150, maxAttemptsPerQuiz: 3 },
      allowedLevel: 3,
    });
    const me = await context.request({ method: 'GET', url: '/api/auth/me', headers: target.headers });
    expect(me.json()).toMatchObject({ subscription: 'plan99', allowedLevel: 3 });

    const extended = await act(target.id, { action: 'extend' });
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({
      message: 'Growth Plan extended by 365 days',
      subscriptionEndsAt: new Date(context.clock.now.getTime() + 730 * DAY).toISOString(),
    });

    const cancelled = await act(target.id, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      subscription: 'free',
      subscriptionEndsAt: null,
      allowedLevel: 0,
    });

    const history = await subscriptionHistory(context.database.db, target.id);
    expect(history.every((row) => row.source === 'admin' && row.activatedBy === admin.id)).toBe(true);
    expect(history.at(-1)).toMatchObject({ cancelledAt: context.clock.now, cancelledBy: admin.id });
  });

  it.each([
    [{ action: 'activate' }, 'planId', 'Choose the plan to activate'],
    [{ action: 'activate', planId: 'plan1000' }, 'planId', 'Choose one of the four plans'],
    [{ action: 'activate', planId: 'free' }, 'planId', 'Choose one of the four plans'],
    [{ action: 'upgrade', planId: 'plan59' }, 'action', 'Choose activate, extend or cancel'],
  ])('refuses %j with 400 and stores nothing', async (payload, field, message) => {
    const target = await learner();
    const before = await countRows(context.database, 'subscriptions');
    const response = await act(target.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await countRows(context.database, 'subscriptions')).toBe(before);
  });

  it('answers 409 to extend or cancel without a plan in force', async () => {
    const target = await learner();
    for (const action of ['extend', 'cancel']) {
      const response = await act(target.id, { action });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This learner has no active plan' });
    }
  });

  it('answers 404 for an unknown user', async () => {
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await act(userId, { action: 'activate', planId: 'plan59' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    }
  });
});
