import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLearnerDetail, AdminLearnerListResponse, AdminLearnerRow } from '@quizquest/shared';
import { attempts, certifications, subscriptions, users } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';

let context: TestContext;
let admin: { authorization: string };
const DAY = 24 * 60 * 60 * 1000;
/** A tag in every e-mail of this file, so searches see only these learners. */
const tag = randomUUID().slice(0, 6);
const learners: Record<string, string> = {};

async function learner(key: string, first: string, last: string, grade = 'c-3') {
  const user = await insertUser(context.database, { email: `${key}-${tag}@example.com`, grade });
  await context.database.db
    .update(users)
    .set({ firstName: first, lastName: last })
    .where(eq(users.id, user.id));
  learners[key] = user.id;
  return user.id;
}

beforeAll(async () => {
  context = await createTestContext();
  const adminUser = await insertUser(context.database, { role: 'admin', email: `boss-${tag}@example.com` });
  admin = await loginAs(context, adminUser.email);
  const now = context.clock.now.getTime();

  const asha = await learner('asha', 'Asha', 'Rao', 'c-5');
  const bilal = await learner('bilal', 'Bilal', 'Khan');
  const chen = await learner('chen', 'Chen', 'Li');
  await learner('dev', 'Dev', 'Rao_Mehta');

  const plan = (userId: string, planId: string, start: number, end: number, cancelled = false) => ({
    userId,
    planId,
    startsAt: new Date(now + start * DAY),
    endsAt: new Date(now + end * DAY),
    source: 'admin' as const,
    cancelledAt: cancelled ? new Date(now) : null,
  });
  await context.database.db
    .insert(subscriptions)
    .values([
      plan(asha, 'plan59', -400, -35),
      plan(asha, 'plan199', -30, 335),
      plan(bilal, 'plan99', -365 - 10, -10),
      plan(chen, 'plan299', -5, 360, true),
    ]);

  const quiz = await insertQuiz(context.database, {
    title: `Learners quiz ${tag}`,
    level: 1,
    subLevel: 'L1-C1',
  });
  const attempt = async (userId: string, score: number, daysAgo: number) => {
    const [row] = await context.database.db
      .insert(attempts)
      .values({
        userId,
        quizId: quiz.id,
        answers: [0, 0, 0],
        score,
        correctCount: 3,
        total: 3,
        snapshot: { title: `Learners quiz ${tag}`, questions: [] },
        submittedAt: new Date(now - daysAgo * DAY),
      })
      .returning({ id: attempts.id });
    return row?.id ?? '';
  };
  const passed = await attempt(asha, 10_000, 2);
  await attempt(asha, 6667, 3);
  await attempt(bilal, 3333, 1);
  await context.database.db.insert(certifications).values([
    { userId: asha, certId: 'L1-C1', level: 1, attemptId: passed },
    { userId: asha, certId: 'L1-C2', level: 1 },
  ]);
});
afterAll(async () => {
  await context.close();
});

const get = (url: string) => context.request({ method: 'GET', url, headers: admin });
const search = async (query: string, extra = '') => {
  const response = await get(`/api/admin/learners?query=${encodeURIComponent(query)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminLearnerListResponse>();
};
const emails = (list: AdminLearnerListResponse) => list.learners.map((row) => row.email.split('-')[0]);

describe('GET /api/admin/learners', () => {
  it('finds learners by part of the e-mail, ignoring case, newest first, never admins', async () => {
    const list = await search(tag.toUpperCase());
    expect(emails(list)).toEqual(['dev', 'chen', 'bilal', 'asha']);
    expect(list.total).toBe(4);
  });

  it('finds learners by first name, last name or full name', async () => {
    expect(emails(await search('asha'))).toEqual(['asha']);
    expect(emails(await search('rao'))).toEqual(['dev', 'asha']);
    expect(emails(await search('Bilal Khan'))).toEqual(['bilal']);
    expect(emails(await search('rao_'))).toEqual(['dev']);
  });

  it('shows the plan in force, its end, certifications and attempts', async () => {
    const rows = new Map((await search(tag)).learners.map((row) => [row._id, row]));
    const asha = rows.get(learners.asha ?? '') as AdminLearnerRow;
    expect(asha).toEqual({
      _id: learners.asha,
      name: 'Asha Rao',
      first_name: 'Asha',
      last_name: 'Rao',
      email: `asha-${tag}@example.com`,
      grade: 'c-5',
      isVerified: true,
      createdAt: expect.any(String),
      plan: { id: 'plan199', name: 'Pro Plan' },
      planEndsAt: new Date(context.clock.now.getTime() + 335 * DAY).toISOString(),
      certificationsEarned: 2,
      attemptsCount: 2,
    });
    // An expired plan and a cancelled plan both leave the learner on free.
    for (const key of ['bilal', 'chen']) {
      expect(rows.get(learners[key] ?? '')).toMatchObject({
        plan: { id: 'free', name: 'Free Plan' },
        planEndsAt: null,
      });
    }
    expect(rows.get(learners.bilal ?? '')).toMatchObject({ attemptsCount: 1, certificationsEarned: 0 });
  });

  it('follows a plan activated through the activation service', async () => {
    const activated = await context.request({
      method: 'POST',
      url: `/api/admin/users/${learners.bilal}/subscription`,
      headers: admin,
      payload: { action: 'activate', planId: 'plan299' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const [bilal] = (await search('bilal')).learners;
    expect(bilal?.plan).toEqual({ id: 'plan299', name: 'Ultimate Plan' });
    expect(bilal?.planEndsAt).toBe(new Date(context.clock.now.getTime() + 365 * DAY).toISOString());
  });

  it('pages', async () => {
    const first = await search(tag, '&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.learners).toHaveLength(3);
    expect(emails(await search(tag, '&pageSize=3&page=2'))).toEqual(['asha']);
  });

  it('finds the learner a payment reference or learner code names (decision 020)', async () => {
    const code = (key: string) => (learners[key] ?? '').replaceAll('-', '').slice(0, 10).toUpperCase();
    expect(emails(await search(`QQ-${code('bilal')}-PLAN99`))).toEqual(['bilal']);
    expect(emails(await search(`qq-${code('chen').toLowerCase()}`))).toEqual(['chen']);
    expect(emails(await search(` QQ-${code('asha')} `))).toEqual(['asha']);
    // Nobody's code, a wildcard or a broken reference finds nobody.
    expect((await search('QQ-0000000000-PLAN59')).total).toBe(0);
    expect((await search('QQ-%%%%%%%%%%')).total).toBe(0);
    expect((await search(`QQ-${code('asha').slice(0, 9)}`)).total).toBe(0);
  });

  it('is empty for a search that matches nobody', async () => {
    expect(await search(`nobody-${tag}`)).toMatchObject({ learners: [], total: 0 });
  });

  it('uses the same number of queries for 1 learner as for 4', async () => {
    const queriesFor = async (query: string, expected: number) => {
      const before = context.database.queryCount();
      expect((await search(query)).learners).toHaveLength(expected);
      return context.database.queryCount() - before;
    };
    const one = await queriesFor(`asha-${tag}`, 1);
    expect(await queriesFor(tag, 4)).toBe(one);
  });

  it.each([
    ['page 0', 'page=0'],
    ['a page size of 500', 'pageSize=500'],
    ['a search too long', `query=${'x'.repeat(300)}`],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await get(`/api/admin/learners?${query}`);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('GET /api/admin/learners/:id', () => {
  it('tells the plan history, certifications and latest attempts', async () => {
    const response = await get(`/api/admin/learners/${learners.asha}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminLearnerDetail>();
    expect(detail).toMatchObject({
      email: `asha-${tag}@example.com`,
      plan: { id: 'plan199' },
      attemptsCount: 2,
    });
    expect(detail.subscriptions.map((row) => [row.planId, row.planName, row.active])).toEqual([
      ['plan199', 'Pro Plan', true],
      ['plan59', 'Starter Plan', false],
    ]);
    expect(detail.certifications.map((row) => row.certId)).toEqual(['L1-C1', 'L1-C2']);
    expect(detail.recentAttempts.map((row) => [row.title, row.level, row.score])).toEqual([
      [`Learners quiz ${tag}`, 1, 100],
      [`Learners quiz ${tag}`, 1, 66.67],
    ]);
  });

  it('shows a cancelled plan as not in force', async () => {
    const detail = (await get(`/api/admin/learners/${learners.chen}`)).json<AdminLearnerDetail>();
    expect(detail.plan.id).toBe('free');
    expect(detail.subscriptions).toEqual([
      expect.objectContaining({ planId: 'plan299', active: false, cancelledAt: expect.any(String) }),
    ]);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'someone'],
  ])('answers 404 for %s', async (_name, id) => {
    const response = await get(`/api/admin/learners/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Learner not found' });
  });

  it('does not show an admin as a learner', async () => {
    const adminUser = await insertUser(context.database, { role: 'admin' });
    expect((await get(`/api/admin/learners/${adminUser.id}`)).statusCode).toBe(404);
  });
});
