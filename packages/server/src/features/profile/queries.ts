import { eq, sql } from 'drizzle-orm';
import type { Language } from '@quizquest/shared';
import type { DbOrTx } from '../../db/index.ts';
import { users } from '../../db/schema.ts';

/** The learner's account's e-mail (decision 035: an added child's row has none of its own). */
const accountEmail = sql<string>`(select holder.email from ${users} as holder where holder.id = ${users}.${sql.identifier(users.accountId.name)})`;

/** The profile fields of one user. */
export async function profileRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: accountEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      gender: users.gender,
      dob: users.dob,
      avatarMediaId: users.avatarMediaId,
      grade: users.grade,
      timeZone: users.timeZone,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The user's avatar, with the user's row locked until the transaction ends. */
export async function lockAvatar(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ avatarMediaId: users.avatarMediaId })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row ?? null;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  grade: string;
  phone: string | null;
  gender: 'Male' | 'Female' | null;
  dob: string | null;
  avatarMediaId: string | null;
  timeZone: string;
}

/**
 * True when PostgreSQL knows the zone too (its tz database, not only the runtime's ICU): the
 * learner's days are counted there with `at time zone`.
 */
export async function databaseKnowsTimeZone(db: DbOrTx, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
    return true;
  } catch {
    return false;
  }
}

export async function updateProfile(db: DbOrTx, userId: string, changes: ProfileChanges, now: Date) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The learner's language (decision 034); false when the account is gone. */
export async function updateLanguage(db: DbOrTx, userId: string, language: Language, now: Date) {
  const updated = await db
    .update(users)
    .set({ language, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
