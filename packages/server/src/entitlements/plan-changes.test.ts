import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_PLANS, type PaidPlanId } from '@quizquest/shared';
import { certifications, subscriptions } from '../db/schema.ts';
import { countRows, createTestContext, insertUser, loginAs, type TestContext } from '../testing/index.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  activatePlan,
  applyPayment,
  cancelPlan,
  extendPlan,
  NO_ACTIVE_PLAN_MESSAGE,
  PLAN_DURATION_MS,
  subscriptionHistory,
} from './plan-changes.ts';

let context: TestContext;
let adminId: string;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.now = new Date('2026-01-10T08:00:00Z');
  adminId = (await insertUser(context.database, { role: 'admin' })).id;
});
afterAll(async () => {
  await context.close();
});

async function learner() {
  const user = await insertUser(context.database);
  return { id: user.id, headers: await loginAs(context, user.email) };
}

async function me(headers: { authorization: string }) {
  const response = await context.request({ method: 'GET', url: '/api/auth/me', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{
    subscription: string;
    subscriptionEndsAt: string | null;
    quizLimits: { maxQuizzes: number | null; maxAttemptsPerQuiz: number };
    allowedLevel: number;
    completedQuizzes: number;
  }>();
}

const activate = (userId: string, planId: PaidPlanId) =>
  activatePlan(context.database.db, {
    userId,
    planId,
    actorId: adminId,
    source: 'admin',
    now: context.clock.now,
  });

describe('limits from each plan, as /auth/me and /user/profile report them', () => {
  it.each([
    ['plan59', 'Starter Plan', 50, 1],
    ['plan99', 'Growth Plan', 150, 3],
    ['plan199', 'Pro Plan', 500, 7],
    ['plan299', 'Ultimate Plan', null, 10],
  ] as const)(
    '%s (%s): %s practice quizzes, %s certification levels',
    async (planId, name, maxQuizzes, levels) => {
      expect(PAID_PLANS.find((plan) => plan.id === planId)?.name).toBe(name);
      const user = await learner();
      expect(await me(user.headers)).toMatchObject({
        subscription: 'free',
        quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
        allowedLevel: 0,
      });
      await activate(user.id, planId);
      const expected = {
        subscription: planId,
        subscriptionEndsAt: new Date(context.clock.now.getTime() + 365 * DAY).toISOString(),
        quizLimits: { maxQuizzes, maxAttemptsPerQuiz: 3 },
        allowedLevel: levels,
      };
      expect(await me(user.headers)).toMatchObject(expected);
      const profile = await context.request({
        method: 'GET',
        url: '/api/user/profile',
        headers: user.headers,
      });
      expect(profile.json()).toMatchObject(expected);
    },
  );
});

describe('activation, extension, cancellation and expiry', () => {
  it('a plan lasts 365 days from activation, then the user is back on free with nothing earned lost', async () => {
    const start = new Date(context.clock.now);
    const user = await learner();
    await context.database.db.insert(certifications).values({ userId: user.id, certId: 'L1-C1', level: 1 });
    await activate(user.id, 'plan99');
    expect((await me(user.headers)).subscription).toBe('plan99');

    context.clock.now = new Date(start.getTime() + PLAN_DURATION_MS - 1);
    expect((await me(user.headers)).subscription).toBe('plan99');

    context.clock.now = new Date(start.getTime() + PLAN_DURATION_MS);
    const after = await me(user.headers);
    expect(after).toMatchObject({
      subscription: 'free',
      subscriptionEndsAt: null,
      quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
      allowedLevel: 0,
      completedQuizzes: 1,
    });
    context.clock.now = start;
  });

  it('extension adds 365 days to the current end and records who did it', async () => {
    const start = new Date(context.clock.now);
    const user = await learner();
    await activate(user.id, 'plan199');
    context.clock.advance(100 * DAY);
    const state = await extendPlan(context.database.db, {
      userId: user.id,
      actorId: adminId,
      source: 'admin',
      now: context.clock.now,
    });
    expect(state.subscription).toBe('plan199');
    expect(state.subscriptionEndsAt).toBe(new Date(start.getTime() + 2 * PLAN_DURATION_MS).toISOString());

    const history = await subscriptionHistory(context.database.db, user.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      planId: 'plan199',
      source: 'admin',
      activatedBy: adminId,
      startsAt: context.clock.now,
    });

    context.clock.now = new Date(start.getTime() + 2 * PLAN_DURATION_MS - 1);
    expect((await me(user.headers)).subscription).toBe('plan199');
    context.clock.now = new Date(start.getTime() + 2 * PLAN_DURATION_MS);
    expect((await me(user.headers)).subscription).toBe('free');
    context.clock.now = start;
  });

  it('activating another plan replaces the one in force from now', async () => {
    const user = await learner();
    await activate(user.id, 'plan59');
    context.clock.advance(DAY);
    const state = await activate(user.id, 'plan299');
    expect(state).toMatchObject({ subscription: 'plan299', allowedLevel: 10 });
    expect(state.subscriptionEndsAt).toBe(
      new Date(context.clock.now.getTime() + PLAN_DURATION_MS).toISOString(),
    );
    const [first] = await subscriptionHistory(context.database.db, user.id);
    expect(first?.endsAt).toEqual(context.clock.now);
  });

  it('cancellation puts the user on free at once and records who and when', async () => {
    const user = await learner();
    await activate(user.id, 'plan299');
    const state = await cancelPlan(context.database.db, {
      userId: user.id,
      actorId: adminId,
      now: context.clock.now,
    });
    expect(state).toMatchObject({ subscription: 'free', subscriptionEndsAt: null, allowedLevel: 0 });
    const [row] = await context.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ cancelledAt: context.clock.now, cancelledBy: adminId, activatedBy: adminId });
    expect((await me(user.headers)).subscription).toBe('free');
  });

  it('extending or cancelling without a plan in force is a 409 and stores nothing', async () => {
    const user = await learner();
    const before = await countRows(context.database, 'subscriptions');
    const input = { userId: user.id, actorId: adminId, now: context.clock.now };
    await expect(extendPlan(context.database.db, { ...input, source: 'admin' })).rejects.toMatchObject({
      statusCode: 409,
      message: NO_ACTIVE_PLAN_MESSAGE,
    });
    await expect(cancelPlan(context.database.db, input)).rejects.toBeInstanceOf(HttpError);
    expect(await countRows(context.database, 'subscriptions')).toBe(before);
  });

  it('an unknown user is a 404', async () => {
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(activate(userId, 'plan59')).rejects.toMatchObject({ statusCode: 404 });
    }
  });

  it('a payment for the plan in force renews it; a payment for another plan replaces it', async () => {
    const start = new Date(context.clock.now);
    const user = await learner();
    const pay = (planId: PaidPlanId, paymentReference: string) =>
      applyPayment(context.database.db, {
        userId: user.id,
        planId,
        now: context.clock.now,
        paymentReference,
      });
    const first = await pay('plan59', 'pay_1');
    expect(first?.subscriptionEndsAt).toBe(new Date(start.getTime() + PLAN_DURATION_MS).toISOString());
    const renewed = await pay('plan59', 'pay_2');
    expect(renewed?.subscriptionEndsAt).toBe(new Date(start.getTime() + 2 * PLAN_DURATION_MS).toISOString());
    const upgraded = await pay('plan199', 'pay_3');
    expect(upgraded).toMatchObject({
      subscription: 'plan199',
      subscriptionEndsAt: new Date(start.getTime() + PLAN_DURATION_MS).toISOString(),
    });
    // A payment applied before is not applied again: null, and the history is unchanged.
    expect(await pay('plan59', 'pay_2')).toBeNull();
    const history = await subscriptionHistory(context.database.db, user.id);
    expect(history.map((row) => [row.source, row.activatedBy, row.paymentReference])).toEqual([
      ['webhook', null, 'pay_1'],
      ['webhook', null, 'pay_2'],
      ['webhook', null, 'pay_3'],
    ]);
  });
});
