import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { certificates, certifications, quizzes, users } from '../../db/schema.ts';

/**
 * Records a sub-level's certification once: the unique index (user, cert_id) turns a repeat or a
 * concurrent second pass into a no-op. True when this call earned it.
 */
export async function insertCertification(tx: Tx, values: typeof certifications.$inferInsert) {
  const rows = await tx
    .insert(certifications)
    .values(values)
    .onConflictDoNothing({ target: [certifications.userId, certifications.certId] })
    .returning({ id: certifications.id });
  return rows.length === 1;
}

/** The quiz a learner takes for a sub-level: published, not deleted, the oldest when there are several. */
export async function quizForSubLevel(db: DbOrTx, level: number, subLevel: string) {
  const [row] = await db
    .select({ id: quizzes.id, title: quizzes.title, subLevel: quizzes.subLevel })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.level, level),
        eq(quizzes.subLevel, subLevel),
        eq(quizzes.published, true),
        isNull(quizzes.deletedAt),
      ),
    )
    .orderBy(asc(quizzes.createdAt), asc(quizzes.id))
    .limit(1);
  return row ?? null;
}

export async function certificateOf(db: DbOrTx, userId: string, level: number) {
  const [row] = await db
    .select({ id: certificates.id, code: certificates.code, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.level, level)))
    .limit(1);
  return row ?? null;
}

/**
 * Issues a level's certificate unless the user already has one: any unique conflict (the user's
 * level, or — vanishingly rarely — the random code) leaves the table as it was.
 */
export async function insertCertificate(db: DbOrTx, values: typeof certificates.$inferInsert) {
  await db.insert(certificates).values(values).onConflictDoNothing();
}

/** What the learner's certificate shows of them: the name, in their language. */
export async function learnerName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
