import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/index.ts';
import { subscriptions } from '../../db/schema.ts';
import { PLAN_DURATION_MS } from '../../entitlements/plan-changes.ts';
import { createTestContext, insertUser, type TestContext } from '../../testing/index.ts';

/**
 * Migration 0006 on a database that already holds the copies the old webhook could write: ten
 * concurrent copies of one payment each added a row and pushed the plan's end another year out.
 */
let context: TestContext;
const YEAR = PLAN_DURATION_MS;
const START = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);

beforeAll(async () => {
  context = await createTestContext();
  await context.database.db.execute(sql.raw('drop index subscriptions_payment_reference_unique'));
});
afterAll(async () => {
  await context.close();
});

/** What the old code wrote for `copies` copies of one payment: an activation, then extensions. */
async function oldCopies(userId: string, paymentReference: string, copies: number, firstCreatedMs = 0) {
  for (let index = 0; index < copies; index += 1) {
    const startsAt = at(firstCreatedMs + index);
    if (index > 0) {
      await context.database.db
        .update(subscriptions)
        .set({ endsAt: startsAt })
        .where(eq(subscriptions.paymentReference, paymentReference));
    }
    await context.database.db.insert(subscriptions).values({
      userId,
      planId: 'plan299',
      startsAt,
      // The first row runs a year; each copy extended the (original) end by another year.
      endsAt: at(firstCreatedMs + (index + 1) * YEAR),
      source: 'webhook',
      paymentReference,
      createdAt: startsAt,
    });
  }
}

async function rowsOf(userId: string) {
  return context.database.db
    .select({
      planId: subscriptions.planId,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      source: subscriptions.source,
      paymentReference: subscriptions.paymentReference,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

describe('migration 0006_payments-once', () => {
  it('keeps one row per payment with its one year, keeps later changes, then makes the payment reference unique', async () => {
    const tenCopies = await insertUser(context.database);
    await oldCopies(tenCopies.id, 'pay_TenCopies', 10);

    const cancelledLater = await insertUser(context.database);
    await oldCopies(cancelledLater.id, 'pay_Cancelled', 3);
    await context.database.db
      .update(subscriptions)
      .set({ cancelledAt: at(5 * 24 * 3600 * 1000) })
      .where(eq(subscriptions.endsAt, at(3 * YEAR)));

    const replacedLater = await insertUser(context.database);
    await oldCopies(replacedLater.id, 'pay_Replaced', 4);
    const replacedAt = at(30 * 24 * 3600 * 1000);
    await context.database.db
      .update(subscriptions)
      .set({ endsAt: replacedAt })
      .where(eq(subscriptions.endsAt, at(4 * YEAR)));
    await context.database.db.insert(subscriptions).values({
      userId: replacedLater.id,
      planId: 'plan59',
      startsAt: replacedAt,
      endsAt: new Date(replacedAt.getTime() + YEAR),
      source: 'admin',
      createdAt: replacedAt,
    });

    const single = await insertUser(context.database);
    await oldCopies(single.id, 'pay_Single', 1);
    const singleBefore = await rowsOf(single.id);

    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0006_payments-once.sql`, 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await context.database.db.execute(sql.raw(statement));
    }

    expect(await rowsOf(tenCopies.id)).toEqual([
      {
        planId: 'plan299',
        startsAt: START,
        endsAt: at(YEAR),
        source: 'webhook',
        paymentReference: 'pay_TenCopies',
        cancelledAt: null,
      },
    ]);
    expect(await rowsOf(cancelledLater.id)).toEqual([
      expect.objectContaining({ endsAt: at(YEAR), cancelledAt: at(5 * 24 * 3600 * 1000) }),
    ]);
    expect(await rowsOf(replacedLater.id)).toEqual([
      expect.objectContaining({ planId: 'plan299', endsAt: replacedAt, paymentReference: 'pay_Replaced' }),
      expect.objectContaining({ planId: 'plan59', startsAt: replacedAt, source: 'admin' }),
    ]);
    expect(await rowsOf(single.id)).toEqual(singleBefore);

    const copy = {
      userId: single.id,
      planId: 'plan299',
      startsAt: START,
      endsAt: START,
      source: 'webhook' as const,
      paymentReference: 'pay_Single',
    };
    await expect(context.database.db.insert(subscriptions).values(copy)).rejects.toThrow();
    // Rows without a payment (an admin's) are not concerned.
    const admin = { ...copy, source: 'admin' as const, paymentReference: null };
    await context.database.db.insert(subscriptions).values([admin, admin]);
  });
});
