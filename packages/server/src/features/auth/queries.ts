import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { emailTokens, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;
export type AccountHolderRow = UserRow & { email: string; passwordHash: string };

/**
 * An account holder's row, which carries the sign-in (decision 035; the database's check keeps
 * e-mail and password on exactly these rows), or null for an added child's.
 */
function asAccountHolder(row: UserRow | undefined): AccountHolderRow | null {
  if (!row || row.email === null || row.passwordHash === null) return null;
  return { ...row, email: row.email, passwordHash: row.passwordHash };
}

/** The account with this e-mail (only account holders' rows have one). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return asAccountHolder(user);
}

export async function insertUser(
  db: DbOrTx,
  values: typeof users.$inferInsert & { email: string; passwordHash: string },
) {
  const [user] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return asAccountHolder(user);
}

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: string; purpose: 'verify' | 'reset'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(emailTokens).values(values);
}

/** The account of a live (unused, unexpired) token, without using it; null for any other token. */
export async function findLiveTokenOwner(
  db: DbOrTx,
  purpose: 'verify' | 'reset',
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : null;
}

/** Marks a live token used and returns its user; null for an unknown, used or expired token. */
export async function consumeEmailToken(
  db: DbOrTx,
  purpose: 'verify' | 'reset',
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** The account is verified, and so is every learner in it (decision 035). */
export async function markVerified(db: DbOrTx, accountId: string, now: Date) {
  await db.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.accountId, accountId));
}

/** Sets a new password and bumps the token version, which revokes every JWT issued before. */
export async function resetPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, isVerified: true, updatedAt: now })
    .where(eq(users.id, userId));
  // A reset proves the mailbox: the account's children are verified with it.
  await db.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.accountId, userId));
  // Other reset links still in the user's inbox stop working too.
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
