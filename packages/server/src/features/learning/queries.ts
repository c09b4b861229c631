import { and, count, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index.ts';
import { quizzes, reviewItems, users } from '../../db/schema.ts';

/** The learner's time zone; null when the account is gone. */
export async function learnerTimeZone(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Questions due in the learner's review box now, their quiz live (as GET /review counts them). */
export async function reviewDueCount(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ due: count() })
    .from(reviewItems)
    .innerJoin(quizzes, eq(quizzes.id, reviewItems.quizId))
    .where(
      and(
        eq(reviewItems.userId, userId),
        lte(reviewItems.dueAt, now),
        eq(quizzes.published, true),
        isNull(quizzes.deletedAt),
      ),
    );
  return Number(row?.due ?? 0);
}
