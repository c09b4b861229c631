import { and, count, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import { limitsForPlan, type MeResponse, type SessionUser } from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { certifications, subscriptions, users } from '../db/schema.ts';

/** The user's subscription in force at `now`, if any. */
export async function activeSubscription(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select({ planId: subscriptions.planId, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNull(subscriptions.cancelledAt),
        lte(subscriptions.startsAt, now),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  return row ?? null;
}

export async function planLimitsFor(db: DbOrTx, userId: string, now: Date) {
  const subscription = await activeSubscription(db, userId, now);
  return { subscription, limits: limitsForPlan(subscription, now) };
}

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'isVerified' | 'grade'
>;

export async function sessionUser(db: DbOrTx, user: UserRow, now: Date): Promise<SessionUser> {
  const [{ completed } = { completed: 0 }] = await db
    .select({ completed: count() })
    .from(certifications)
    .where(eq(certifications.userId, user.id));
  const { limits } = await planLimitsFor(db, user.id, now);
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
    subscription: limits.planId,
  };
}

export async function meResponse(db: DbOrTx, userId: string, now: Date): Promise<MeResponse | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const base = await sessionUser(db, user, now);
  const { subscription, limits } = await planLimitsFor(db, user.id, now);
  return {
    ...base,
    subscriptionEndsAt: subscription ? subscription.endsAt.toISOString() : null,
    quizLimits: { maxQuizzes: limits.maxQuizzes, maxAttemptsPerQuiz: limits.maxAttemptsPerQuiz },
    allowedLevel: limits.allowedLevel,
  };
}
