import { LANGUAGES, type QuestionTranslations, type QuizTranslations } from '@quizquest/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(), // sha-256 of the bytes
    mimeType: text('mime_type').notNull(),
    bytes: text('bytes_base64').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    // Decision 022: the first uploader (quota), the upload's key (no second re-encoding), whether
    // it has been quiz content (snapshots may copy it), and since when nothing uses it.
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    sourceKey: text('source_key'),
    inQuiz: boolean('in_quiz').notNull().default(false),
    unreferencedSince: timestamp('unreferenced_since', { withTimezone: true }),
  },
  (table) => [
    index('media_uploaded_by_idx')
      .on(table.uploadedBy)
      .where(sql`${table.uploadedBy} is not null`),
    index('media_source_key_idx')
      .on(table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
    index('media_unreferenced_idx')
      .on(table.unreferencedSince)
      .where(sql`${table.unreferencedSince} is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The account this learner belongs to (decision 035): the row of the account holder, which is
     * the account itself (e-mail, password, consent, token version, PIN) and its first learner.
     * An added child's row points at it and has no e-mail or password of its own.
     */
    accountId: uuid('account_id')
      .notNull()
      // Left out of an insert, the trigger of migration 0012 makes the row its own account.
      .$defaultFn(() => sql`null`)
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** The account's sign-in: set on the account holder's row only. */
    email: text('email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['learner', 'admin'] })
      .notNull()
      .default('learner'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    grade: text('grade').notNull(),
    phone: text('phone'),
    gender: text('gender', { enum: ['Male', 'Female'] }),
    dob: text('dob'),
    avatarMediaId: text('avatar_media_id').references(() => media.id),
    isVerified: boolean('is_verified').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentText: text('consent_text'),
    /** The IANA zone the learner's days (streak, daily goal) count in (decision 030). */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** The language the app, the server's messages and the questions speak to this learner (decision 034). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** The parent PIN's hash (decision 035), on the account holder's row; null: no PIN. */
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row; at PARENT_PIN_MAX_TRIES the PIN is locked until reset by e-mail. */
    pinFailures: integer('pin_failures').notNull().default(0),
    /** Bumped when the PIN changes: proofs of the old PIN stop opening anything. */
    pinVersion: integer('pin_version').notNull().default(0),
    /** The parent asked for the weekly digest e-mail (account holder's row). */
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // The admin's Learners page: newest learners first (decision 016).
    index('users_role_created_idx').on(table.role, table.createdAt),
    index('users_avatar_media_idx')
      .on(table.avatarMediaId)
      .where(sql`${table.avatarMediaId} is not null`),
    check('users_language_check', sql`${table.language} in ('en', 'hi')`),
    index('users_account_idx').on(table.accountId),
    // The holder's row is the account and signs in; a child's row has no sign-in of its own.
    check(
      'users_account_holder_check',
      sql`(${table.id} = ${table.accountId} and ${table.email} is not null and ${table.passwordHash} is not null) or (${table.id} <> ${table.accountId} and ${table.email} is null and ${table.passwordHash} is null)`,
    ),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'pin-reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_unique').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['admin', 'webhook'] }).notNull(),
    activatedBy: uuid('activated_by'),
    paymentReference: text('payment_reference'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled (an admin's user id); activatedBy says who activated. */
    cancelledBy: uuid('cancelled_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId, table.endsAt),
    // A payment activates or extends a plan once, whatever arrives how often (decision 020).
    uniqueIndex('subscriptions_payment_reference_unique')
      .on(table.paymentReference)
      .where(sql`${table.paymentReference} is not null`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_name_unique').on(sql`lower(${table.name})`)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentKey: text('content_key'),
    title: text('title').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    level: integer('level').notNull().default(0),
    subLevel: text('sub_level'),
    showByDefault: boolean('show_by_default').notNull().default(false),
    learnMoreLink: text('learn_more_link'),
    attemptsAllowed: integer('attempts_allowed').notNull().default(3),
    /** Questions one attempt shows, drawn afresh each time from the pool (issue 16); null: all. */
    questionsPerAttempt: integer('questions_per_attempt'),
    /**
     * A generated Maths quiz (decision 033): its questions come from the generators for this grade,
     * a fresh seed per draw, instead of from question rows. Null for an authored quiz.
     */
    generator: jsonb('generator').$type<QuizGenerator>(),
    /** The quiz in other languages than English (decision 034): `{ hi: { title } }`. */
    translations: jsonb('translations').$type<QuizTranslations>(),
    passScore: integer('pass_score').notNull().default(100),
    published: boolean('published').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('quizzes_content_key_unique').on(table.contentKey),
    index('quizzes_level_idx').on(table.level, table.subLevel),
    check(
      'quizzes_questions_per_attempt_check',
      sql`${table.questionsPerAttempt} is null or ${table.questionsPerAttempt} between 1 and 100`,
    ),
    // Live quizzes newest first, and their count, for the admin's catalogue (decision 016).
    index('quizzes_live_created_idx')
      .on(table.createdAt)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const quizGrades = pgTable(
  'quiz_grades',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    grade: text('grade').notNull(),
  },
  (table) => [
    uniqueIndex('quiz_grades_pk').on(table.quizId, table.grade),
    index('quiz_grades_grade_idx').on(table.grade),
  ],
);

export interface StoredOption {
  type: 'text' | 'image';
  value: string;
}

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull().default(''),
    imageMediaId: text('image_media_id').references(() => media.id),
    options: jsonb('options').$type<StoredOption[]>().notNull(),
    correctIndex: integer('correct_index').notNull(),
    /** Shown on a result under a wrong answer, never in the quiz a learner attempts (decision 029). */
    explanation: text('explanation'),
    explanationImageMediaId: text('explanation_image_media_id').references(() => media.id),
    /** Shown in the order written; otherwise every draw shuffles the options (decision 031). */
    keepOptionOrder: boolean('keep_option_order').notNull().default(false),
    /** The question in other languages than English (decision 034): `{ hi: { text, options, explanation } }`. */
    translations: jsonb('translations').$type<QuestionTranslations>(),
  },
  (table) => [
    index('questions_quiz_idx').on(table.quizId, table.position),
    // Is a media still used? (decision 022; the functions are in migration 0007)
    index('questions_image_media_idx')
      .on(table.imageMediaId)
      .where(sql`${table.imageMediaId} is not null`),
    index('questions_explanation_image_media_idx')
      .on(table.explanationImageMediaId)
      .where(sql`${table.explanationImageMediaId} is not null`),
    index('questions_option_media_idx')
      .using('gin', sql`media_urls_in_options(${table.options})`)
      .where(sql`media_urls_in_options(${table.options}) <> '[]'::jsonb`),
  ],
);

/** What a generated quiz draws from (decision 033). */
export interface QuizGenerator {
  grade: string;
  /** Only these generators (each must suit the grade); absent: every one that suits it. */
  generatorIds?: string[];
}

/** How a generated draw was made: the same input makes the same questions again (decision 033). */
export interface GeneratedDraw extends QuizGenerator {
  version: number;
  seed: number;
  count: number;
}

export interface AttemptedQuestion {
  /** The question row it was drawn from (absent in snapshots taken before draws, decision 031). */
  questionId?: string;
  /** Shown option i is the question's stored option optionOrder[i] (absent before draws). */
  optionOrder?: number[];
  /** A generated question: its generator and own seed (decision 033); it has no questionId. */
  generator?: { id: string; seed: number };
  questionText: string;
  questionImage: string | null;
  options: StoredOption[];
  correctAnswerIndex: number;
  /** As attempted (absent in snapshots taken before explanations existed, decision 029). */
  explanation?: string | null;
  explanationImage?: string | null;
}

export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the learner deleted the account: the attempt stays, anonymous, for the quiz
     * statistics (decision 013).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id),
    answers: jsonb('answers').$type<number[]>().notNull(),
    /** When the draw answered was made (decision 035: the parent's report counts minutes); null before. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    score: integer('score_hundredths').notNull(),
    correctCount: integer('correct_count').notNull(),
    total: integer('total').notNull(),
    snapshot: jsonb('snapshot')
      .$type<{ title: string; questions: AttemptedQuestion[]; generated?: GeneratedDraw }>()
      .notNull(),
    /**
     * The snapshot's title, kept beside it so a history page reads a short column rather than
     * each row's whole snapshot (decision 016). Computed by the database on every write, so no
     * writer can leave it out or let it disagree with the snapshot.
     */
    quizTitle: text('quiz_title')
      .notNull()
      .generatedAlwaysAs(sql`snapshot->>'title'`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('attempts_user_quiz_idx').on(table.userId, table.quizId),
    index('attempts_user_submitted_idx').on(table.userId, table.submittedAt),
    index('attempts_quiz_submitted_idx').on(table.quizId, table.submittedAt),
    index('attempts_snapshot_media_idx')
      .using('gin', sql`media_urls_in_snapshot(${table.snapshot})`)
      .where(sql`media_urls_in_snapshot(${table.snapshot}) <> '[]'::jsonb`),
  ],
);

export const certifications = pgTable(
  'certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certId: text('cert_id').notNull(),
    level: integer('level').notNull(),
    attemptId: uuid('attempt_id').references(() => attempts.id),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('certifications_user_cert_unique').on(table.userId, table.certId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    code: text('code').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('certificates_user_level_unique').on(table.userId, table.level),
    uniqueIndex('certificates_code_unique').on(table.code),
  ],
);

/** Entries per status list (decision 037): 131,072, the Bitstring Status List's 16 KB minimum. */
export const STATUS_LIST_SIZE = 131_072;

/**
 * A certificate's place on a revocation status list (decision 037): allocated once, on the first
 * credential signed for it (or its revocation), at a random free index of the newest list. The
 * credential's id `urn:uuid:<credential_id>` stays the same for every copy signed. The entry
 * outlives the certificate (set null when the learner is erased), so its index is never reused.
 */
export const credentialStatusEntries = pgTable(
  'credential_status_entries',
  {
    listId: integer('list_id').notNull(),
    statusIndex: integer('status_index').notNull(),
    certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    credentialId: uuid('credential_id').notNull().defaultRandom(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.statusIndex] }),
    uniqueIndex('credential_status_entries_certificate_unique').on(table.certificateId),
    uniqueIndex('credential_status_entries_credential_unique').on(table.credentialId),
    check('credential_status_entries_list_check', sql`${table.listId} >= 1`),
    check(
      'credential_status_entries_index_check',
      sql`${table.statusIndex} >= 0 and ${table.statusIndex} < ${sql.raw(String(STATUS_LIST_SIZE))}`,
    ),
  ],
);

/**
 * A revoked certificate (decision 037): by an admin, or 'Account deleted' when the learner is
 * erased. Keyed by the certificate's status entry, so the status list keeps the bit set after the
 * certificate itself is gone; at most one per certificate.
 */
export const certificateRevocations = pgTable(
  'certificate_revocations',
  {
    listId: integer('list_id').notNull(),
    statusIndex: integer('status_index').notNull(),
    certificateId: uuid('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
    /** The admin who revoked it; null for an erasure (or once that admin is gone). */
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.statusIndex] }),
    foreignKey({
      columns: [table.listId, table.statusIndex],
      foreignColumns: [credentialStatusEntries.listId, credentialStatusEntries.statusIndex],
      name: 'certificate_revocations_entry_fk',
    }),
    uniqueIndex('certificate_revocations_certificate_unique').on(table.certificateId),
    // Erasing an admin sets their revocations' revoked_by to null.
    index('certificate_revocations_revoked_by_idx')
      .on(table.revokedBy)
      .where(sql`${table.revokedBy} is not null`),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerEventId: text('provider_event_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_event_unique').on(table.providerEventId)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A learner's pending draw of a quiz (decision 031): the questions one attempt shows, in the order
 * shown, with their options in the order shown and their correct answers. Made on the first read
 * of the quiz and returned on every reload until it is submitted (scored against it and cleared)
 * or the quiz changes (a new version draws again). One row per learner and quiz.
 */
export const quizDraws = pgTable(
  'quiz_draws',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** A new id for every draw: a submission clears only the draw it answered. */
    drawId: uuid('draw_id').notNull().defaultRandom(),
    quizVersion: integer('quiz_version').notNull(),
    questions: jsonb('questions').$type<AttemptedQuestion[]>().notNull(),
    /** A generated quiz's draw: its seed and settings (decision 033); null for an authored quiz. */
    generated: jsonb('generated').$type<GeneratedDraw>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.quizId] }),
    // Is a media still shown by a pending draw? (decision 022; the function is in migration 0010)
    index('quiz_draws_media_idx')
      .using('gin', sql`media_urls_in_questions(${table.questions})`)
      .where(sql`media_urls_in_questions(${table.questions}) <> '[]'::jsonb`),
  ],
);

/**
 * The review box (spaced repetition, decision 032): a practice question the learner answered
 * wrong, with its step in the schedule and when it is next due. Leaves the box when learnt.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index('review_items_user_due_idx').on(table.userId, table.dueAt),
  ],
);

/** A learner's pending review session: the due questions shown, as a draw is (decision 032). */
export const reviewSessions = pgTable(
  'review_sessions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull().defaultRandom(),
    questions: jsonb('questions').$type<ReviewedQuestion[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('review_sessions_media_idx')
      .using('gin', sql`media_urls_in_questions(${table.questions})`)
      .where(sql`media_urls_in_questions(${table.questions}) <> '[]'::jsonb`),
  ],
);

export interface ReviewedQuestion extends AttemptedQuestion {
  questionId: string;
  quizId: string;
  quizTitle: string;
}

/**
 * One answer given in a review session: for the streak, the daily goal and mastery (decision 032).
 * Erased with the account (reviews are not part of the anonymous quiz statistics).
 */
export const reviewAnswers = pgTable(
  'review_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session it was given in: a day's finished reviews are its distinct sessions. */
    sessionId: uuid('session_id').notNull(),
    questionId: uuid('question_id').notNull(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('review_answers_user_answered_idx').on(table.userId, table.answeredAt)],
);

/**
 * A scheduled job's run (decision 035): one row per job and period ('weekly-digest', '2026-W48').
 * The instance whose insert wins runs it; the others see the row and do nothing.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

/** A weekly digest sent to an account for a period: at most one, whoever sends it. */
export const digestSends = pgTable(
  'digest_sends',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.period] })],
);

/**
 * The first successful answer to a submission sent with an `Idempotency-Key` (decision 036): per
 * learner and key, the route, a digest of the request, and the status and body answered. Written in
 * the submission's own transaction, under the learner's row lock, so a retried or concurrent copy
 * reads it and stores nothing more. Rows older than 7 days are swept.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha-256 (hex) of the method, route, parameters and canonical body. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotent_requests_created_at_idx').on(table.createdAt),
  ],
);
