import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { users } from '../db/schema.ts';

/**
 * The learners of an account (decision 035), the holder first, then in the order they were
 * added: the one reading the family list, the exports and the payment webhook share.
 */
export async function accountLearners(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: users.id,
      accountId: users.accountId,
      firstName: users.firstName,
      lastName: users.lastName,
      grade: users.grade,
      avatarMediaId: users.avatarMediaId,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'learner')))
    .orderBy(sql`${users.id} <> ${users.accountId}`, asc(users.createdAt), asc(users.id));
}
