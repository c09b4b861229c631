import { and, count, eq, isNull, gt, sql } from 'drizzle-orm';
import { PARENT_PIN_MAX_TRIES } from '@quizquest/shared';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { emailTokens, users } from '../../db/schema.ts';

/** The account holder's row: the settings a new child inherits, the PIN and the digest choice. */
export async function accountHolder(db: DbOrTx, accountId: string, lock = false) {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      role: users.role,
      isVerified: users.isVerified,
      language: users.language,
      timeZone: users.timeZone,
      tokenVersion: users.tokenVersion,
      pinHash: users.pinHash,
      pinFailures: users.pinFailures,
      pinVersion: users.pinVersion,
      weeklyDigest: users.weeklyDigest,
    })
    .from(users)
    .where(and(eq(users.id, accountId), eq(users.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  return row ?? null;
}

export async function countLearners(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx.select({ learners: count() }).from(users).where(eq(users.accountId, accountId));
  return Number(row?.learners ?? 0);
}

export async function insertChild(
  tx: Tx,
  values: {
    accountId: string;
    firstName: string;
    lastName: string;
    grade: string;
    isVerified: boolean;
    language: 'en' | 'hi';
    timeZone: string;
  },
) {
  const [row] = await tx.insert(users).values(values).returning({
    id: users.id,
    accountId: users.accountId,
    firstName: users.firstName,
    lastName: users.lastName,
    grade: users.grade,
    avatarMediaId: users.avatarMediaId,
  });
  if (!row) throw new Error('insertChild returned no row');
  return row;
}

/** A learner's row if it belongs to the account. */
export async function learnerInAccount(db: DbOrTx, accountId: string, learnerId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, learnerId), eq(users.accountId, accountId), eq(users.role, 'learner')))
    .limit(1);
  return row ?? null;
}

/** A new PIN (or none): older proofs stop working, the wrong tries start again. */
export async function setPin(db: DbOrTx, accountId: string, pinHash: string | null, now: Date) {
  await db
    .update(users)
    .set({ pinHash, pinFailures: 0, pinVersion: sql`${users.pinVersion} + 1`, updatedAt: now })
    .where(eq(users.id, accountId));
}

/**
 * Takes one try of the PIN before it is checked, so tries made at once cannot exceed the limit:
 * null when the PIN is not set or already locked.
 */
export async function takePinTry(db: DbOrTx, accountId: string) {
  const [row] = await db
    .update(users)
    .set({ pinFailures: sql`${users.pinFailures} + 1` })
    .where(
      and(
        eq(users.id, accountId),
        sql`${users.pinHash} is not null`,
        sql`${users.pinFailures} < ${PARENT_PIN_MAX_TRIES}`,
      ),
    )
    .returning({ pinHash: users.pinHash, pinVersion: users.pinVersion, pinFailures: users.pinFailures });
  return row?.pinHash
    ? { pinHash: row.pinHash, pinVersion: row.pinVersion, pinFailures: row.pinFailures }
    : null;
}

/** A right PIN: the tries start again (only for the PIN that was checked). */
export async function clearPinTries(db: DbOrTx, accountId: string, pinVersion: number) {
  await db
    .update(users)
    .set({ pinFailures: 0 })
    .where(and(eq(users.id, accountId), eq(users.pinVersion, pinVersion)));
}

export async function setWeeklyDigest(db: DbOrTx, accountId: string, weeklyDigest: boolean, now: Date) {
  await db.update(users).set({ weeklyDigest, updatedAt: now }).where(eq(users.id, accountId));
}

export async function insertPinResetToken(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(emailTokens).values({ ...values, purpose: 'pin-reset' });
}

/** Uses a live PIN-reset token; its account, or null for an unknown, used or expired token. */
export async function consumePinResetToken(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, 'pin-reset'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}
