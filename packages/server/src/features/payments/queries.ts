import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { paymentEvents, users } from '../../db/schema.ts';

/** Records a provider event once; false when its id was seen before (a replay). */
export async function recordEvent(db: DbOrTx, providerEventId: string, payload: unknown): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ providerEventId, payload })
    .onConflictDoNothing({ target: paymentEvents.providerEventId })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

/** The account with this e-mail, only once it has verified it (decision 020). */
export async function verifiedUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isVerified, true)))
    .limit(1);
  return row?.id ?? null;
}
