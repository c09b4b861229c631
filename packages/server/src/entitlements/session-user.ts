import { count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MeResponse, SessionUser } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { certifications, users } from '../db/schema.ts';
import { planLimitsFor, planState } from './plan.ts';

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'role' | 'firstName' | 'lastName' | 'isVerified' | 'grade' | 'language'
> & { email: string };

const accountHolder = alias(users, 'account_holder');

/**
 * A learner's row with the account's e-mail and verification (decision 035): an added child's row
 * has no sign-in of its own, so its session shows the account's.
 */
export async function learnerWithAccount(db: DbOrTx, learnerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      grade: users.grade,
      language: users.language,
      email: accountHolder.email,
      isVerified: accountHolder.isVerified,
    })
    .from(users)
    .innerJoin(accountHolder, eq(accountHolder.id, users.accountId))
    .where(eq(users.id, learnerId))
    .limit(1);
  return row?.email ? { ...row, email: row.email } : null;
}

type PlanRead = Awaited<ReturnType<typeof planLimitsFor>>;

/** The login's user payload, from the account row and the learner's plan as read. */
async function sessionUserWith(db: DbOrTx, user: UserRow, plan: PlanRead): Promise<SessionUser> {
  const [{ completed } = { completed: 0 }] = await db
    .select({ completed: count() })
    .from(certifications)
    .where(eq(certifications.userId, user.id));
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    name: `${user.firstName} ${user.lastName}`.trim(),
    first_name: user.firstName,
    last_name: user.lastName,
    isVerified: user.isVerified,
    completedQuizzes: completed,
    grade: user.grade,
    subscription: plan.limits.planId,
    language: user.language,
  };
}

/** The user payload of a login. */
export async function sessionUser(db: DbOrTx, user: UserRow, now: Date): Promise<SessionUser> {
  return sessionUserWith(db, user, await planLimitsFor(db, user.id, now));
}

/** GET /auth/me: the login's payload and the plan state (the same mapping as the profile's). */
export async function meResponse(db: DbOrTx, learnerId: string, now: Date): Promise<MeResponse | null> {
  const user = await learnerWithAccount(db, learnerId);
  if (!user) return null;
  const plan = await planLimitsFor(db, user.id, now);
  const base = await sessionUserWith(db, user, plan);
  return { ...base, ...planState(plan.subscription, plan.limits) };
}
