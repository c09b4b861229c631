import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan, planInForce } from '@quizquest/shared';
import { PLAN_IN_FORCE_CASES } from '@quizquest/shared/testing/plan-in-force-cases';
import { subscriptions, users } from '../db/schema.ts';
import { createTestContext, insertUser, type TestContext } from '../testing/index.ts';
import { planTermInForce, practiceCapInForce, termInForceColumn } from './plan.ts';

/**
 * The SQL form of the plan in force against the pure rule's table (decision 025): each case's
 * terms are written for a learner of their own, then the database is asked, with values and, as
 * the submission asks it, with placeholders in a named prepared statement. Runs on PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

type Case = (typeof PLAN_IN_FORCE_CASES)[number];

async function learnerWith(terms: Case['terms']): Promise<string> {
  const { id } = await insertUser(context.database);
  if (terms.length > 0) {
    await context.database.db.insert(subscriptions).values(
      terms.map((term) => ({
        userId: id,
        planId: term.planId,
        startsAt: term.startsAt,
        endsAt: term.endsAt,
        cancelledAt: term.cancelledAt ?? null,
        source: 'admin' as const,
      })),
    );
  }
  return id;
}

/** The plan id in force, asked with placeholders for the learner and the instant. */
function preparedPlanInForce() {
  return context.database.db
    .select({
      planId: termInForceColumn<string>(subscriptions.planId, {
        learnerId: sql`${sql.placeholder('learnerId')}::uuid`,
        at: sql`${sql.placeholder('at')}::timestamptz`,
      }),
    })
    .from(users)
    .where(eq(users.id, sql`${sql.placeholder('learnerId')}::uuid`))
    .prepare('entitlements_plan_in_force_case');
}

describe('termInForceColumn: the SQL form of planInForce', () => {
  it.each(PLAN_IN_FORCE_CASES)('$name', async ({ terms, now, planId }) => {
    const learnerId = await learnerWith(terms);
    const expected = planInForce(terms, now)?.planId ?? null;
    expect(expected).toBe(planId);

    const [byValue] = await context.database.db
      .select({
        planId: termInForceColumn<string>(subscriptions.planId, { learnerId, at: now }),
        practiceCap: practiceCapInForce({ learnerId, at: now }),
      })
      .from(users)
      .where(eq(users.id, learnerId));
    expect(byValue?.planId ?? null).toBe(expected);
    // The limit the submission enforces follows: the plan's cap, the free plan's without one.
    expect(byValue?.practiceCap ?? null).toBe(findPlan(expected).maxQuizzes);

    const [byPlaceholder] = await preparedPlanInForce().execute({ learnerId, at: now.toISOString() });
    expect(byPlaceholder?.planId ?? null).toBe(expected);

    const term = await planTermInForce(context.database.db, learnerId, now);
    expect(term?.planId ?? null).toBe(expected);
    const pure = planInForce(terms, now);
    expect(term && { startsAt: term.startsAt, endsAt: term.endsAt }).toEqual(
      pure && { startsAt: pure.startsAt, endsAt: pure.endsAt },
    );
  });

  it("asks about the learner given, never another learner's terms", async () => {
    const now = new Date(Date.UTC(2026, 0, 11));
    const [withPlan, without] = [
      await learnerWith([
        {
          planId: 'plan99',
          startsAt: new Date(Date.UTC(2026, 0, 1)),
          endsAt: new Date(Date.UTC(2027, 0, 1)),
        },
      ]),
      await learnerWith([]),
    ];
    expect((await planTermInForce(context.database.db, withPlan, now))?.planId).toBe('plan99');
    expect(await planTermInForce(context.database.db, without, now)).toBeNull();
    const [row] = await preparedPlanInForce().execute({ learnerId: without, at: now.toISOString() });
    expect(row?.planId ?? null).toBeNull();
  });
});
