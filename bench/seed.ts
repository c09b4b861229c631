import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LEVELS } from '@quizquest/shared';
import { runMigrations, type Database } from '../packages/server/src/db/index.ts';
import {
  attempts,
  categories,
  certificates,
  certifications,
  questions,
  quizGrades,
  quizzes,
  reviewItems,
  subscriptions,
  users,
  type StoredOption,
} from '../packages/server/src/db/schema.ts';
import { hashPassword } from '../packages/server/src/lib/passwords.ts';
import { loadContentIfEmpty } from '../packages/server/src/features/content/loader.ts';

/**
 * The benchmark's data, written straight through the server's db module while the server is not
 * running (PGlite allows one process at a time): the bundled content pack, learners on the
 * Ultimate plan, one learner with 5,000 attempts (and a child, for the parent's report), an admin, a
 * catalogue of 10,000 quizzes, a class of 40 learners, questions due for review and a certificate.
 */

export const BENCH_PASSWORD = 'Bench-Quiz-Quest-2026';
export const HISTORY_ATTEMPTS = 5_000;
export const CATALOGUE_QUIZZES = 10_000;
export const CLASSROOM_LEARNERS = 40;
/** Questions waiting in each bench learner's review box. */
const REVIEW_ITEMS = 10;
export const CERTIFICATE_CODE = 'BENC-H7QM-2XPD';
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;

export interface SeededData {
  adminEmail: string;
  /** One learner per connection: submissions of one learner serialise on their row lock by design. */
  learnerEmails: string[];
  historyEmail: string;
  /** A class taking the submission quiz at once (the classroom scenario). */
  classroomEmails: string[];
  /** The catalogue's quizzes, oldest first: every one a new draw for every learner. */
  catalogueQuizIds: string[];
  /** A practice quiz of the content pack, shown by default for `grade`. */
  quizId: string;
  grade: string;
  /** The quiz the submission scenario answers: its attempts limit raised for the benchmark. */
  submitQuiz: { id: string; answers: number[] };
}

const option = (value: string): StoredOption => ({ type: 'text', value });
const benchQuestions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    text: `Benchmark question ${index + 1}: what is ${index} + 1?`,
    imageMediaId: null,
    options: [option(String(index)), option(String(index + 1)), option(String(index + 2)), option('None')],
    correctIndex: 1,
  }));

async function categoryId(database: Database, name: string): Promise<string> {
  await database.db.insert(categories).values({ name }).onConflictDoNothing();
  const [row] = await database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(sql`lower(${categories.name})`, name.toLowerCase()));
  if (!row) throw new Error(`category ${name} missing`);
  return row.id;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

export async function seed(database: Database, learners: number, now = new Date()): Promise<SeededData> {
  await runMigrations(database);
  await loadContentIfEmpty(database.db);
  const { db } = database;

  // The grade with the most practice quizzes shown by default, and its first quiz.
  const [busiest] = await db
    .select({ grade: quizGrades.grade, total: sql<number>`count(*)::int` })
    .from(quizGrades)
    .innerJoin(quizzes, eq(quizzes.id, quizGrades.quizId))
    .where(and(eq(quizzes.level, 0), eq(quizzes.showByDefault, true)))
    .groupBy(quizGrades.grade)
    .orderBy(desc(sql`count(*)`), asc(quizGrades.grade))
    .limit(1);
  if (!busiest) throw new Error('the content pack has no practice quiz shown by default');
  const grade = busiest.grade;
  const practice = await db
    .select({ id: quizzes.id, title: quizzes.title })
    .from(quizzes)
    .innerJoin(quizGrades, and(eq(quizGrades.quizId, quizzes.id), eq(quizGrades.grade, grade)))
    .where(and(eq(quizzes.level, 0), eq(quizzes.showByDefault, true)))
    .orderBy(asc(quizzes.createdAt), asc(quizzes.id));
  const quizId = practice[0]?.id;
  if (!quizId) throw new Error('no practice quiz');

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const adminEmail = 'bench-admin@quizquest.local';
  const learnerEmails = Array.from(
    { length: learners },
    (_, index) => `bench-learner-${String(index + 1).padStart(3, '0')}@example.com`,
  );
  const historyEmail = 'bench-history@example.com';
  const classroomEmails = Array.from(
    { length: CLASSROOM_LEARNERS },
    (_, index) => `bench-class-${String(index + 1).padStart(2, '0')}@example.com`,
  );
  const person = (email: string, role: 'learner' | 'admin') => ({
    email,
    passwordHash,
    role,
    firstName: 'Bench',
    lastName: role === 'admin' ? 'Admin' : 'Learner',
    grade,
    isVerified: true,
  });
  const inserted = await db
    .insert(users)
    .values([
      person(adminEmail, 'admin'),
      ...[...learnerEmails, historyEmail, ...classroomEmails].map((email) => person(email, 'learner')),
    ])
    .returning({ id: users.id, email: users.email, role: users.role });
  const learnerRows = inserted.filter((row) => row.role === 'learner');
  await db.insert(subscriptions).values(
    learnerRows.map((row) => ({
      userId: row.id,
      planId: 'plan299',
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 364 * DAY),
      source: 'admin' as const,
    })),
  );
  const historyUser = learnerRows.find((row) => row.email === historyEmail);
  if (!historyUser) throw new Error('history learner missing');
  // The history learner's account has a second child, who has played too (the parent's report).
  const [child] = await db
    .insert(users)
    .values({ accountId: historyUser.id, firstName: 'Bench', lastName: 'Child', grade, isVerified: true })
    .returning({ id: users.id });
  if (!child) throw new Error('child missing');

  // 5,000 attempts over the practice quizzes, one a minute going back in time.
  const snapshotQuestions = benchQuestions(10).map((question) => ({
    questionText: question.text,
    questionImage: null,
    options: question.options,
    correctAnswerIndex: question.correctIndex,
  }));
  const history = Array.from({ length: HISTORY_ATTEMPTS }, (_, index) => {
    const quiz = practice[index % practice.length] ?? practice[0];
    return {
      userId: historyUser.id,
      quizId: quiz?.id ?? quizId,
      answers: snapshotQuestions.map((_, answer) => answer % 4),
      score: (index * 37) % 10_001,
      correctCount: index % 11,
      total: 10,
      snapshot: { title: quiz?.title ?? 'Quiz', questions: snapshotQuestions },
      submittedAt: new Date(now.getTime() - (index + 1) * 60_000),
    };
  });
  await insertInBatches(history, (batch) => db.insert(attempts).values(batch));
  await db
    .insert(attempts)
    .values(history.slice(0, 200).map((attempt) => ({ ...attempt, userId: child.id })));
  // A level certificate, for the credential check by its public code.
  await db.insert(certificates).values({
    userId: historyUser.id,
    level: 1,
    code: CERTIFICATE_CODE,
    issuedAt: new Date(now.getTime() - DAY),
  });

  // Half of Level 1 earned, so progress has certifications to list and a next quiz to find.
  const level1 = LEVELS[0]?.subLevels.slice(0, 5) ?? [];
  if (level1.length > 0) {
    await db.insert(certifications).values(
      level1.map((subLevel, index) => ({
        userId: historyUser.id,
        certId: subLevel.id,
        level: 1,
        earnedAt: new Date(now.getTime() - (index + 1) * DAY),
      })),
    );
  }

  // The admin's catalogue: 10,000 quizzes of three questions, for a grade no bench learner has.
  const catalogueCategory = await categoryId(database, 'Bench catalogue');
  const catalogueGrade = grade === 'c-12' ? 'c-11' : 'c-12';
  const catalogueQuizIds: string[] = [];
  const catalogue = Array.from({ length: CATALOGUE_QUIZZES }, (_, index) => ({
    title: `Bench catalogue quiz ${String(index + 1).padStart(5, '0')}`,
    categoryId: catalogueCategory,
    level: 0,
    showByDefault: false,
    createdAt: new Date(now.getTime() - (index + 1) * 3_600_000),
    updatedAt: new Date(now.getTime() - (index + 1) * 3_600_000),
  }));
  const three = benchQuestions(3);
  await insertInBatches(catalogue, async (batch) => {
    const ids = await db.insert(quizzes).values(batch).returning({ id: quizzes.id });
    catalogueQuizIds.push(...ids.map((row) => row.id));
    await db.insert(quizGrades).values(ids.map((row) => ({ quizId: row.id, grade: catalogueGrade })));
    await db
      .insert(questions)
      .values(
        ids.flatMap((row) => three.map((question, position) => ({ ...question, quizId: row.id, position }))),
      );
  });

  // The submission quiz: ten questions, an attempts limit no run reaches.
  const [submitRow] = await db
    .insert(quizzes)
    .values({
      title: 'Bench submission quiz',
      categoryId: await categoryId(database, 'Bench'),
      level: 0,
      showByDefault: false,
      attemptsAllowed: 1_000_000_000,
    })
    .returning({ id: quizzes.id });
  if (!submitRow) throw new Error('submission quiz missing');
  const ten = benchQuestions(10);
  await db.insert(quizGrades).values({ quizId: submitRow.id, grade: catalogueGrade });
  const submitQuestionIds = await db
    .insert(questions)
    .values(ten.map((question, position) => ({ ...question, quizId: submitRow.id, position })))
    .returning({ id: questions.id });

  // Questions due for review in every bench learner's box (the review scenario).
  await db.insert(reviewItems).values(
    learnerRows.flatMap((row) =>
      submitQuestionIds.slice(0, REVIEW_ITEMS).map((question) => ({
        userId: row.id,
        questionId: question.id,
        quizId: submitRow.id,
        dueAt: new Date(now.getTime() - DAY),
      })),
    ),
  );

  // Statistics and visibility maps as autovacuum leaves them after a bulk load.
  await db.execute(sql`vacuum analyze`);
  return {
    adminEmail,
    learnerEmails,
    historyEmail,
    classroomEmails,
    catalogueQuizIds,
    quizId,
    grade,
    submitQuiz: { id: submitRow.id, answers: ten.map((_, index) => index % 4) },
  };
}
