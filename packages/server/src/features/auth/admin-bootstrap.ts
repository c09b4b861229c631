import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import { NewPassword, Email } from '@quizquest/shared';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';

export class AdminBootstrapError extends Error {}

/**
 * Creates the admin or, when the e-mail exists, makes it an admin with the given password.
 * Idempotent: running it twice leaves one verified admin.
 */
export async function upsertAdmin(db: Db, emailInput: string, password: string, now = new Date()) {
  const email = Email.safeParse(emailInput);
  if (!email.success) throw new AdminBootstrapError(email.error.issues[0]?.message ?? 'Invalid email');
  const checked = NewPassword.safeParse(password);
  if (!checked.success) throw new AdminBootstrapError(checked.error.issues[0]?.message ?? 'Invalid password');
  const problem = passwordProblem(password, { email: email.data });
  if (problem) throw new AdminBootstrapError(problem);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.data))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: 'admin', passwordHash, isVerified: true, updatedAt: now })
      .where(eq(users.id, existing.id));
    return { created: false, email: email.data };
  }
  await db.insert(users).values({
    email: email.data,
    passwordHash,
    role: 'admin',
    firstName: 'QuizQuest',
    lastName: 'Admin',
    grade: 'c-12',
    isVerified: true,
  });
  return { created: true, email: email.data };
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
