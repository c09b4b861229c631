import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/index.ts';
import {
  describeSchema,
  migrateThrough,
  openEmptyTestDatabase,
  queryRows,
  readJournal,
} from '../testing/migrations.ts';
import { MIGRATIONS_FOLDER, runMigrations, type Database } from './index.ts';

/**
 * Migration 0012_family-accounts on the databases that exist: one a session-5 server migrated
 * to 0010 (before 0011 landed; 0011's journal time is before 0010's, so the migrator skips it
 * there and 0012 makes its changes again), and one a fresh install of session 6 migrated to 0011.
 */

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function emptyDatabase() {
  const database = await openEmptyTestDatabase();
  opened.push(database);
  return database;
}

const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';
const LEARNER_TABLES = [
  'users',
  'attempts',
  'certifications',
  'certificates',
  'subscriptions',
  'review_items',
  'quiz_draws',
  'quizzes',
  'questions',
  'categories',
  'quiz_grades',
  'email_tokens',
];

interface Today {
  admin: string;
  asha: string;
  ravi: string;
  quiz: string;
  question: string;
}

/** Rows as the server of session 5 wrote them (schema of migration 0010), in raw SQL. */
async function fillAsOf0010(database: Database): Promise<Today> {
  const ids: Today = {
    admin: randomUUID(),
    asha: randomUUID(),
    ravi: randomUUID(),
    quiz: randomUUID(),
    question: randomUUID(),
  };
  const category = randomUUID();
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  await run(sql`insert into users (id, email, password_hash, role, first_name, last_name, grade, is_verified)
    values (${ids.admin}, 'admin@example.com', ${PASSWORD_HASH}, 'admin', 'Site', 'Admin', 'c-5', true)`);
  await run(sql`insert into users (id, email, password_hash, first_name, last_name, grade, is_verified,
      token_version, consent_at, consent_text, time_zone, phone)
    values (${ids.asha}, 'asha.parent@example.com', ${PASSWORD_HASH}, 'Asha', 'Verma', 'c-3', true, 2,
      '2026-06-01T09:00:00Z', 'I am the parent and I agree.', 'Asia/Kolkata', '9876543210')`);
  await run(sql`insert into users (id, email, password_hash, first_name, last_name, grade, is_verified, time_zone)
    values (${ids.ravi}, 'ravi@example.com', ${PASSWORD_HASH}, 'Ravi', 'Iyer', 'c-7', false, 'Asia/Dubai')`);
  await run(sql`insert into email_tokens (user_id, purpose, token_hash, expires_at)
    values (${ids.ravi}, 'verify', 'token-hash-ravi', '2026-07-02T09:00:00Z')`);

  await run(sql`insert into categories (id, name) values (${category}, 'Maths')`);
  await run(sql`insert into quizzes (id, content_key, title, category_id, level, questions_per_attempt, version)
    values (${ids.quiz}, 'maths-1', 'Adding numbers', ${category}, 1, 1, 3)`);
  await run(sql`insert into quiz_grades (quiz_id, grade) values (${ids.quiz}, 'c-3')`);
  await run(sql`insert into questions (id, quiz_id, position, text, options, correct_index, explanation)
    values (${ids.question}, ${ids.quiz}, 0, '2 + 2 = ?',
      '[{"type":"text","value":"3"},{"type":"text","value":"4"}]', 1, 'Two and two make four.')`);

  const snapshot = JSON.stringify({ title: 'Adding numbers', questions: [] });
  const passed = randomUUID();
  await run(sql`insert into attempts (id, user_id, quiz_id, answers, score_hundredths, correct_count, total,
      snapshot, submitted_at)
    values (${passed}, ${ids.asha}, ${ids.quiz}, '[1]', 10000, 1, 1, ${snapshot}, '2026-06-10T10:00:00Z'),
      (${randomUUID()}, ${ids.asha}, ${ids.quiz}, '[0]', 0, 0, 1, ${snapshot}, '2026-06-09T10:00:00Z'),
      (${randomUUID()}, ${ids.ravi}, ${ids.quiz}, '[1]', 10000, 1, 1, ${snapshot}, '2026-06-11T10:00:00Z')`);
  await run(sql`insert into certifications (user_id, cert_id, level, attempt_id, earned_at)
    values (${ids.asha}, 'maths-1', 1, ${passed}, '2026-06-10T10:00:00Z')`);
  await run(sql`insert into certificates (user_id, level, code, issued_at)
    values (${ids.asha}, 1, 'QQ-ASHA-L1', '2026-06-10T10:00:01Z')`);
  await run(sql`insert into subscriptions (user_id, plan_id, starts_at, ends_at, source, payment_reference)
    values (${ids.asha}, 'plan299', '2026-06-01T00:00:00Z', '2027-06-01T00:00:00Z', 'webhook', 'pay_Asha1')`);
  await run(sql`insert into review_items (user_id, question_id, quiz_id, step, due_at)
    values (${ids.asha}, ${ids.question}, ${ids.quiz}, 2, '2026-06-14T00:00:00Z')`);
  await run(sql`insert into quiz_draws (user_id, quiz_id, quiz_version, questions)
    values (${ids.ravi}, ${ids.quiz}, 3, ${JSON.stringify([{ id: ids.question, order: [1, 0] }])})`);
  return ids;
}

async function counts(database: Database) {
  const result: Record<string, number> = {};
  for (const table of LEARNER_TABLES) {
    const [row] = await queryRows<{ count: number }>(database, `select count(*)::int as count from ${table}`);
    result[table] = Number(row?.count);
  }
  return result;
}

/** The values a learner would miss if the migration lost or changed them. */
async function learnerValues(database: Database) {
  return {
    users: await queryRows(
      database,
      `select id, email, password_hash, role, first_name, last_name, grade, phone, is_verified,
          token_version, consent_at, consent_text, time_zone
        from users order by email`,
    ),
    attempts: await queryRows(
      database,
      'select id, user_id, quiz_id, answers, score_hundredths, quiz_title, submitted_at from attempts order by submitted_at',
    ),
    certifications: await queryRows(
      database,
      'select user_id, cert_id, level, attempt_id from certifications',
    ),
    certificates: await queryRows(database, 'select user_id, level, code, issued_at from certificates'),
    subscriptions: await queryRows(
      database,
      'select user_id, plan_id, starts_at, ends_at, payment_reference from subscriptions',
    ),
    reviewItems: await queryRows(database, 'select user_id, question_id, step, due_at from review_items'),
    draws: await queryRows(
      database,
      'select user_id, quiz_id, draw_id, quiz_version, questions from quiz_draws',
    ),
  };
}

async function appliedMigrations(database: Database) {
  const rows = await queryRows<{ created_at: string }>(
    database,
    'select created_at from drizzle.__drizzle_migrations order by id',
  );
  return rows.map((row) => Number(row.created_at));
}

/** The database's message for a statement it refuses ('accepted' if it does not). */
async function refusal(database: Database, statement: ReturnType<typeof sql>) {
  try {
    await database.db.execute(statement);
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause instanceof Error ? cause.message : String(cause);
  }
}

const whenOf = (tag: string) => {
  const entry = readJournal().entries.find((candidate) => candidate.tag === tag);
  if (!entry) throw new Error(`No migration ${tag}`);
  return entry.when;
};

describe('migration 0012_family-accounts', () => {
  it('on a database migrated to 0010 (0011 skipped): every user its own account, nothing lost, 0011 repaired', async () => {
    const database = await emptyDatabase();
    await migrateThrough(database, '0010_question-pools');
    const today = await fillAsOf0010(database);
    const countsBefore = await counts(database);
    const valuesBefore = await learnerValues(database);
    const languageColumns = `select count(*)::int as count from information_schema.columns
      where table_schema = 'public' and column_name in ('language', 'translations')`;
    expect(await queryRows(database, languageColumns)).toEqual([{ count: 0 }]);

    await runMigrations(database);

    // The migrator did skip 0011 here (its journal time is before 0010's) and ran 0012.
    const applied = await appliedMigrations(database);
    expect(applied).not.toContain(whenOf('0011_language-and-translations'));
    // 0012 ran, and every later entry after it.
    expect(applied).toContain(whenOf('0012_family-accounts'));
    expect(applied.at(-1)).toBe(Math.max(...readJournal().entries.map((entry) => entry.when)));

    expect(await counts(database)).toEqual(countsBefore);
    expect(await learnerValues(database)).toEqual(valuesBefore);
    expect(countsBefore).toMatchObject({ users: 3, attempts: 3, certifications: 1, certificates: 1 });

    const users = await queryRows<{
      id: string;
      account_id: string;
      language: string;
      pin_hash: string | null;
    }>(
      database,
      'select id, account_id, language, pin_hash, pin_failures, pin_version, weekly_digest from users order by id',
    );
    expect(users).toHaveLength(3);
    for (const user of users) {
      expect(user).toEqual({
        id: user.id,
        account_id: user.id,
        language: 'en',
        pin_hash: null,
        pin_failures: 0,
        pin_version: 0,
        weekly_digest: false,
      });
    }
    expect(users.map((user) => user.id).sort()).toEqual([today.admin, today.asha, today.ravi].sort());
    // 0011's other changes, made by 0012 where the migrator skipped 0011.
    const translations = await queryRows(
      database,
      `select table_name, data_type from information_schema.columns
        where table_schema = 'public' and column_name = 'translations' order by table_name`,
    );
    expect(translations).toEqual([
      { table_name: 'questions', data_type: 'jsonb' },
      { table_name: 'quizzes', data_type: 'jsonb' },
    ]);
    const checks = await queryRows<{ conname: string }>(
      database,
      `select conname from pg_constraint
        where conname in ('users_language_check', 'users_account_holder_check') order by conname`,
    );
    expect(checks.map((row) => row.conname)).toEqual(['users_account_holder_check', 'users_language_check']);
    expect(await refusal(database, sql`update users set language = 'fr' where id = ${today.ravi}`)).toMatch(
      /check constraint "users_language_check"/,
    );
    await database.db.execute(sql`update users set language = 'hi' where id = ${today.ravi}`);

    // Old attempts have no opening time; the job tables are there and empty.
    expect(
      await queryRows(database, 'select count(*)::int as count from attempts where started_at is null'),
    ).toEqual([{ count: 3 }]);
    expect(await queryRows(database, 'select count(*)::int as count from scheduled_runs')).toEqual([
      { count: 0 },
    ]);
    expect(await queryRows(database, 'select count(*)::int as count from digest_sends')).toEqual([
      { count: 0 },
    ]);

    // Sign-up as it is: a row inserted without an account is its own account.
    const [signedUp] = await queryRows<{ id: string; account_id: string }>(
      database,
      sql`insert into users (email, password_hash, first_name, last_name, grade)
        values ('new.parent@example.com', ${PASSWORD_HASH}, 'Meena', 'Rao', 'c-2') returning id, account_id`,
    );
    expect(signedUp?.account_id).toBe(signedUp?.id);

    // A child added to Asha's account: no e-mail, no password.
    const child = randomUUID();
    await database.db
      .execute(sql`insert into users (id, account_id, email, password_hash, first_name, last_name, grade)
      values (${child}, ${today.asha}, null, null, 'Kiran', 'Verma', 'c-1')`);
    expect(await queryRows(database, sql`select account_id from users where id = ${child}`)).toEqual([
      { account_id: today.asha },
    ]);
    await database.db
      .execute(sql`insert into attempts (user_id, quiz_id, answers, score_hundredths, correct_count,
        total, snapshot, started_at)
      values (${child}, ${today.quiz}, '[1]', 10000, 1, 1, ${JSON.stringify({ title: 'Adding numbers' })},
        '2026-11-24T10:00:00Z')`);

    // Neither a child with its own sign-in nor a holder without one.
    const refusals = [
      sql`insert into users (account_id, email, password_hash, first_name, last_name, grade)
        values (${today.asha}, 'kid@example.com', null, 'Kid', 'Verma', 'c-1')`,
      sql`insert into users (account_id, email, password_hash, first_name, last_name, grade)
        values (${today.asha}, null, ${PASSWORD_HASH}, 'Kid', 'Verma', 'c-1')`,
      sql`insert into users (email, password_hash, first_name, last_name, grade)
        values ('no.password@example.com', null, 'No', 'Password', 'c-1')`,
      sql`insert into users (email, password_hash, first_name, last_name, grade)
        values (null, ${PASSWORD_HASH}, 'No', 'Email', 'c-1')`,
      sql`update users set email = 'kid@example.com' where id = ${child}`,
      sql`update users set password_hash = null where id = ${today.asha}`,
    ];
    for (const statement of refusals) {
      expect(await refusal(database, statement)).toMatch(/check constraint "users_account_holder_check"/);
    }
    // Deleting the account removes the child with it; the child's attempts stay, anonymous.
    await database.db.execute(sql`delete from users where id = ${today.asha}`);
    expect(
      await queryRows(database, sql`select id from users where id in (${today.asha}, ${child})`),
    ).toEqual([]);
    expect(
      await queryRows(
        database,
        `select user_id, score_hundredths from attempts where started_at is not null`,
      ),
    ).toEqual([{ user_id: null, score_hundredths: 10000 }]);
    expect(
      await queryRows(database, 'select count(*)::int as count from attempts where user_id is null'),
    ).toEqual([{ count: 3 }]);
    // Ravi's account is untouched.
    expect(
      await queryRows(
        database,
        sql`select count(*)::int as count from attempts where user_id = ${today.ravi}`,
      ),
    ).toEqual([{ count: 1 }]);
    expect(await queryRows(database, sql`select user_id from quiz_draws`)).toEqual([{ user_id: today.ravi }]);

    // A later start runs nothing again.
    await runMigrations(database);
    expect(await appliedMigrations(database)).toEqual(applied);
  });

  it('on a database migrated to 0011 (a fresh install of session 6): the repair is a no-op', async () => {
    const database = await emptyDatabase();
    await migrateThrough(database, '0011_language-and-translations');
    const today = await fillAsOf0010(database);
    await database.db.execute(sql`update users set language = 'hi' where id = ${today.ravi}`);
    const countsBefore = await counts(database);
    const valuesBefore = await learnerValues(database);

    await runMigrations(database);

    const applied = await appliedMigrations(database);
    expect(applied).toContain(whenOf('0011_language-and-translations'));
    expect(applied).toContain(whenOf('0012_family-accounts'));
    expect(applied.at(-1)).toBe(Math.max(...readJournal().entries.map((entry) => entry.when)));
    expect(await counts(database)).toEqual(countsBefore);
    expect(await learnerValues(database)).toEqual(valuesBefore);
    expect(
      await queryRows(database, 'select email, language, account_id = id as own from users order by email'),
    ).toEqual([
      { email: 'admin@example.com', language: 'en', own: true },
      { email: 'asha.parent@example.com', language: 'en', own: true },
      { email: 'ravi@example.com', language: 'hi', own: true },
    ]);
    expect(
      await queryRows(
        database,
        `select count(*)::int as count from pg_constraint where conname = 'users_language_check'`,
      ),
    ).toEqual([{ count: 1 }]);
  });

  it('leaves both paths with the schema of a fresh install', async () => {
    const from0010 = await emptyDatabase();
    await migrateThrough(from0010, '0010_question-pools');
    await runMigrations(from0010);
    const from0011 = await emptyDatabase();
    await migrateThrough(from0011, '0011_language-and-translations');
    await runMigrations(from0011);
    const fresh = await openTestDatabase();
    opened.push(fresh);

    const freshSchema = await describeSchema(fresh);
    expect(freshSchema.length).toBeGreaterThan(100);
    expect(freshSchema).toContainEqual(expect.stringContaining('users_account_holder_check'));
    expect(await describeSchema(from0010)).toEqual(freshSchema);
    expect(await describeSchema(from0011)).toEqual(freshSchema);
  });
});

describe('the migration journal', () => {
  /**
   * drizzle's migrator runs an entry only when its `when` is after the newest applied entry's, so
   * an entry journalled with an earlier time than one before it is skipped on every database that
   * had applied that one. 0011 was (its `when` is before 0010's); 0012 repeats its changes where
   * they are missing. No other entry may do this again.
   */
  const KNOWN_OUT_OF_ORDER = new Set(['0011_language-and-translations']);

  it('orders every entry after all the entries before it, but the known 0011', () => {
    const { entries } = readJournal();
    const outOfOrder: string[] = [];
    let newest = 0;
    entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      if (entry.when <= newest) outOfOrder.push(entry.tag);
      newest = Math.max(newest, entry.when);
    });
    expect(outOfOrder).toEqual([...KNOWN_OUT_OF_ORDER]);
  });

  it('lists every migration file, and only those', () => {
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort();
    expect(readJournal().entries.map((entry) => entry.tag)).toEqual(files);
  });
});
