import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { paymentEvents, subscriptions, users } from '../../db/schema.ts';

/** Records a provider event once; false when its id was seen before (a replay). */
export async function recordEvent(db: DbOrTx, providerEventId: string, payload: unknown): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ providerEventId, payload })
    .onConflictDoNothing({ target: paymentEvents.providerEventId })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** True when a plan was already activated by this payment (a second event about the same payment). */
export async function paymentAlreadyApplied(db: DbOrTx, paymentReference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.paymentReference, paymentReference))
    .limit(1);
  return row !== undefined;
}
