import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/index.ts';
import {
  attempts,
  certificates,
  certifications,
  media,
  paymentEvents,
  questions,
  quizzes,
  reviewAnswers,
  reviewItems,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { releaseMedia } from '../../lib/media.ts';

const holder = alias(users, 'holder');

/**
 * Everything on the learner's row that belongs in their copy (no password hash, no token version),
 * with the account's e-mail, verification and consent from the account holder's row (decision 035).
 */
export async function accountRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      email: holder.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      grade: users.grade,
      phone: users.phone,
      gender: users.gender,
      dob: users.dob,
      timeZone: users.timeZone,
      language: users.language,
      avatarMediaId: users.avatarMediaId,
      isVerified: holder.isVerified,
      consentAt: holder.consentAt,
      consentText: holder.consentText,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(holder, eq(holder.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.email ? { ...row, email: row.email } : null;
}

export async function mediaBytes(db: DbOrTx, mediaId: string) {
  const [row] = await db
    .select({ mimeType: media.mimeType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, mediaId))
    .limit(1);
  return row ?? null;
}

export async function attemptsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: attempts.id,
      quizId: attempts.quizId,
      level: quizzes.level,
      subLevel: quizzes.subLevel,
      attemptsAllowed: quizzes.attemptsAllowed,
      quizDeletedAt: quizzes.deletedAt,
      scoreHundredths: attempts.score,
      correctCount: attempts.correctCount,
      total: attempts.total,
      answers: attempts.answers,
      snapshot: attempts.snapshot,
      submittedAt: attempts.submittedAt,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(attempts.userId, userId))
    .orderBy(asc(attempts.submittedAt), asc(attempts.id));
}

export async function certificationsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      certId: certifications.certId,
      level: certifications.level,
      attemptId: certifications.attemptId,
      earnedAt: certifications.earnedAt,
    })
    .from(certifications)
    .where(eq(certifications.userId, userId))
    .orderBy(asc(certifications.level), asc(certifications.earnedAt), asc(certifications.certId));
}

export async function certificatesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: certificates.id,
      level: certificates.level,
      code: certificates.code,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(asc(certificates.level));
}

/**
 * The payment events that concern the user: those about a payment that activated one of their
 * plans, and those whose payload names their e-mail as a JSON string value anywhere (the payer's
 * e-mail, the notes, the customer). The e-mail is matched with its quotes, so a@x.com does not
 * match aa@x.com.
 */
function paymentEventsConcerning(userId: string, email: string | null): SQL {
  const paymentIds = sql`(select ${subscriptions.paymentReference} from ${subscriptions}
    where ${subscriptions.userId} = ${userId} and ${subscriptions.paymentReference} is not null)`;
  const paidForLearner = sql`(${paymentEvents.payload} #>> '{payload,payment,entity,id}') in ${paymentIds}`;
  // A removed child's own payments only (null): the e-mail names the whole account.
  if (email === null) return paidForLearner;
  const quoted = JSON.stringify(email.toLowerCase());
  return or(sql`position(${quoted} in lower(${paymentEvents.payload}::text)) > 0`, paidForLearner) as SQL;
}

/**
 * Payment events attach to an account only once it has verified its e-mail (decision 020):
 * whoever registers a payer's address without proving they own it neither reads the payer's
 * details in their export nor redacts the record by deleting the account. The check is in the
 * statement, beside the owner, so it holds in the deletion's locked transaction too.
 */
export async function paymentEventsOf(db: DbOrTx, user: { id: string; email: string | null }) {
  const verified = sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.isVerified})`;
  return db
    .select({
      id: paymentEvents.id,
      providerEventId: paymentEvents.providerEventId,
      payload: paymentEvents.payload,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(and(verified, paymentEventsConcerning(user.id, user.email)))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}

export async function replacePaymentEventPayload(tx: Tx, id: string, payload: unknown) {
  await tx.update(paymentEvents).set({ payload }).where(eq(paymentEvents.id, id));
}

export async function passwordHashOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash ?? null;
}

/**
 * The account's learners' rows (the holder's included), locked until the transaction ends
 * (submissions and plan changes take the same lock), each with the account's e-mail.
 */
export async function lockAccountForDeletion(tx: Tx, accountId: string) {
  const rows = await tx
    .select({ id: users.id, email: users.email, avatarMediaId: users.avatarMediaId })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id))
    .for('update');
  const email = rows.find((row) => row.id === accountId)?.email;
  if (!email) return null;
  return rows.map((row) => ({ ...row, email }));
}

/**
 * Hands the account from the holder's row to `successorId`, another learner of the account
 * (decision 035), before the holder's learner is erased: the successor's row takes the sign-in
 * (e-mail, password, token version, so every other learner's token stays valid), the consent, the
 * PIN and the digest choice, and the other learners point at it. The e-mail moves in two steps
 * because it is unique and the check constraint wants it on exactly the account's row at every
 * statement: the successor first carries a marked copy, then the real one once the old row is gone.
 * Run under the account's row locks; then delete the old holder's row and call `finishHandOver`.
 */
export async function handOverAccount(tx: Tx, holderId: string, successorId: string): Promise<void> {
  await tx.execute(sql`
    update ${users} as successor set
      account_id = successor.id,
      email = holder.email || '#handover',
      password_hash = holder.password_hash,
      token_version = holder.token_version,
      is_verified = holder.is_verified,
      consent_at = holder.consent_at,
      consent_text = holder.consent_text,
      pin_hash = holder.pin_hash,
      pin_failures = holder.pin_failures,
      pin_version = holder.pin_version,
      weekly_digest = holder.weekly_digest,
      updated_at = now()
    from ${users} as holder
    where holder.id = ${holderId} and holder.account_id = ${holderId}
      and successor.id = ${successorId} and successor.account_id = ${holderId}`);
  await tx
    .update(users)
    .set({ accountId: successorId })
    .where(and(eq(users.accountId, holderId), sql`${users.id} <> ${holderId}`));
}

/** The successor's real e-mail, once the old holder's row (which had it) is deleted. */
export async function finishHandOver(tx: Tx, successorId: string): Promise<void> {
  await tx.execute(sql`
    update ${users} set email = left(email, length(email) - length('#handover'))
    where id = ${successorId} and email like '%#handover'`);
}

/** The account's learners' rows, locked, the holder first, then in the order they were added. */
export async function lockLearnersForRemoval(tx: Tx, accountId: string) {
  return tx
    .select({ id: users.id, avatarMediaId: users.avatarMediaId, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'learner')))
    .orderBy(sql`${users.id} <> ${users.accountId}`, asc(users.createdAt), asc(users.id))
    .for('update');
}

/**
 * Deletes the user's row. The foreign keys do the rest: e-mail tokens, subscriptions,
 * certifications and certificates go with it (on delete cascade); attempts stay with a null user
 * (on delete set null) so the quiz statistics keep counting them.
 */
export async function deleteUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Deletes the erased account's avatar when nobody else uses it (lib/media.ts releaseMedia:
 * locked, every reference rechecked). Run after the user's row is deleted, so any avatar
 * reference left is someone else's. False when it is still used (or left to the media sweeper).
 */
export async function deleteMediaIfUnused(tx: Tx, mediaId: string): Promise<boolean> {
  return (await releaseMedia(tx, [mediaId])).length === 1;
}

/** The learner's review box, the longest overdue first (decision 032). */
export async function reviewBoxOf(db: DbOrTx, userId: string) {
  return db
    .select({
      questionId: reviewItems.questionId,
      quizId: reviewItems.quizId,
      questionText: questions.text,
      step: reviewItems.step,
      dueAt: reviewItems.dueAt,
    })
    .from(reviewItems)
    .innerJoin(questions, eq(questions.id, reviewItems.questionId))
    .where(eq(reviewItems.userId, userId))
    .orderBy(asc(reviewItems.dueAt), asc(reviewItems.questionId));
}

/** Every answer the learner gave in a review session, oldest first. */
export async function reviewAnswersOf(db: DbOrTx, userId: string) {
  return db
    .select({
      questionId: reviewAnswers.questionId,
      quizId: reviewAnswers.quizId,
      correct: reviewAnswers.correct,
      answeredAt: reviewAnswers.answeredAt,
    })
    .from(reviewAnswers)
    .where(eq(reviewAnswers.userId, userId))
    .orderBy(asc(reviewAnswers.answeredAt), asc(reviewAnswers.id));
}
