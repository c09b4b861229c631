import { mkdtempSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT_MESSAGE, ERROR_CODES, FREE_PLAN, maxQuizzesMessage } from '@quizquest/shared';
import { NO_PENDING_DRAW_MESSAGE } from '../features/attempts/service.ts';
import { insertUser } from '../testing/index.ts';
import { insertQuiz, type TestQuiz } from '../testing/quizzes.ts';
import { insertCertifications, subLevelIdsOf, subscribe } from '../testing/certification.ts';
import { signPayload } from '../features/payments/service.ts';
import {
  createPostgresDatabase,
  integrityProblems,
  Ledger,
  login,
  openAndSubmit,
  openQuiz,
  query,
  quizKeyOf,
  request,
  startServer,
  stopServer,
  type Answer,
  type QuizKey,
  type ServerInstance,
} from './harness.ts';

/**
 * Two server processes on one PostgreSQL database, requests spread over both: the per-quiz
 * attempts limit, certification earning and the plan's distinct-quiz cap must hold exactly
 * (decision 005: one transaction per submission, serialized on the learner's row).
 */
const ledger = new Ledger('races');
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
const instances: ServerInstance[] = [];
const dataDirs: string[] = [];

const seeded = {} as {
  limitLearner: { id: string; email: string; token: string };
  certLearner: { id: string; email: string; token: string };
  capLearner: { id: string; email: string; token: string };
  limitQuiz: TestQuiz;
  certQuiz: TestQuiz;
  certId: string;
  capQuizzes: TestQuiz[];
  /** Answer keys by quiz id: each submission answers the draw it opened (decision 031). */
  keys: Map<string, QuizKey>;
  payer: { id: string; email: string };
  avatarLearners: Array<{ id: string; email: string; token: string }>;
};

const WEBHOOK_SECRET = 'races-webhook-secret-0123456789abcdef';

/** One delivery of a signed payment webhook body, with the provider's (unsigned) event-id header. */
async function deliverWebhook(baseUrl: string, body: string, eventId: string): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signPayload(WEBHOOK_SECRET, body),
        'x-razorpay-event-id': eventId,
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: response.status, body: parsed, ms: Date.now() - started, at: started };
  } catch {
    return { status: 0, body: null, ms: Date.now() - started, at: started };
  }
}

const keyOf = (quiz: TestQuiz): QuizKey => {
  const key = seeded.keys.get(quiz.id);
  if (!key) throw new Error(`no key for ${quiz.title}`);
  return key;
};

/**
 * Opens the quiz once, on the first instance (one draw, decision 031), and returns `copies`
 * senders of its all-right answers: one submission sent many times, over both instances.
 */
async function copiesOfOneDraw(token: string, quiz: TestQuiz, copies: number) {
  const { opened, send } = await openQuiz(instances[0]?.url ?? '', token, keyOf(quiz));
  ledger.record('open the quiz', opened);
  if (!send) throw new Error(`could not open ${quiz.title}: ${opened.status}`);
  return Array.from({ length: copies }, () => send);
}

/** Sends each request to the instances in turn, all at once, and records every answer. */
async function spread(requests: Array<(baseUrl: string) => Promise<Answer>>, what: string) {
  const answers = await Promise.all(
    requests.map((send, index) => send(instances[index % instances.length]?.url ?? '')),
  );
  answers.forEach((answer) => ledger.record(what, answer));
  return answers;
}

beforeAll(async () => {
  postgres = await createPostgresDatabase();
  const { database } = postgres;
  const now = new Date();
  const learner = async (plan: 'free' | 'plan59' | 'plan299') => {
    const user = await insertUser(database);
    if (plan !== 'free') await subscribe(database, user.id, plan, now);
    return { id: user.id, email: user.email, token: '' };
  };
  seeded.limitLearner = await learner('plan299');
  seeded.certLearner = await learner('plan59');
  seeded.capLearner = await learner('free');
  seeded.payer = await insertUser(database);
  seeded.avatarLearners = [];
  for (let index = 0; index < 4; index += 1) seeded.avatarLearners.push(await learner('free'));
  seeded.limitQuiz = await insertQuiz(database, { title: 'Race: three attempts', attemptsAllowed: 3 });
  // Every Level 1 certification but the last is earned: the concurrent passes complete the level.
  const level1 = subLevelIdsOf(1);
  seeded.certId = level1.at(-1) ?? '';
  await insertCertifications(database, seeded.certLearner.id, level1.slice(0, -1));
  seeded.certQuiz = await insertQuiz(database, {
    title: 'Race: certification',
    level: 1,
    subLevel: seeded.certId,
    attemptsAllowed: 10,
  });
  seeded.capQuizzes = [];
  for (let index = 0; index < 25; index += 1) {
    seeded.capQuizzes.push(await insertQuiz(database, { title: `Race: practice ${index + 1}` }));
  }
  seeded.keys = new Map();
  for (const quiz of [seeded.limitQuiz, seeded.certQuiz, ...seeded.capQuizzes]) {
    seeded.keys.set(quiz.id, await quizKeyOf(database, quiz.id));
  }

  for (const name of ['a', 'b']) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `qq-race-${name}-`));
    dataDirs.push(dataDir);
  }
  instances.push(
    ...(await Promise.all(
      ['a', 'b'].map((name, index) =>
        startServer(name, {
          DATABASE_URL: postgres.url,
          DATA_DIR: dataDirs[index] ?? '',
          PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
        }),
      ),
    )),
  );
  const first = instances[0]?.url ?? '';
  for (const who of [seeded.limitLearner, seeded.certLearner, seeded.capLearner, ...seeded.avatarLearners]) {
    who.token = await login(first, who.email);
  }
}, 300_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => stopServer(instance)));
  await postgres?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  ledger.write();
});

describe('races across two instances on one PostgreSQL', () => {
  it('50 concurrent submissions of one quiz record exactly the allowed attempts', async () => {
    const fault = ledger.inject('50 concurrent submissions of one quiz over 2 instances');
    const { limitLearner, limitQuiz } = seeded;
    // 50 copies of one draw over both instances: one attempt, the draw submitted for the rest.
    const copies = await spread(
      await copiesOfOneDraw(limitLearner.token, limitQuiz, 50),
      'submit (one draw, 50 copies)',
    );
    expect(copies.filter((answer) => answer.status === 201)).toHaveLength(1);
    const replays = copies.filter((answer) => answer.status !== 201);
    expect(replays).toHaveLength(49);
    for (const answer of replays)
      expect(answer).toMatchObject({
        status: 409,
        body: { message: NO_PENDING_DRAW_MESSAGE, code: ERROR_CODES.noPendingDraw },
      });

    // Then rounds of 50 of the learner's tabs at once, each opening the quiz and submitting (an
    // open draws anew only once the pending draw was submitted), until the limit refuses them all.
    const answers = [...copies];
    for (let round = 0; round < 6; round += 1) {
      const tabs = await spread(
        Array.from(
          { length: 50 },
          () => (url: string) => openAndSubmit(url, limitLearner.token, keyOf(limitQuiz)),
        ),
        'submit (attempts limit race)',
      );
      answers.push(...tabs);
      if (tabs.every((answer) => answer.status === 403)) break;
    }
    const recorded = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 403);
    expect(recorded).toHaveLength(3);
    expect(refused.length).toBeGreaterThanOrEqual(50);
    for (const answer of refused)
      expect(answer.body).toEqual({ message: ATTEMPT_LIMIT_MESSAGE, code: ERROR_CODES.attemptLimit });
    for (const answer of answers.filter((each) => each.status !== 201 && each.status !== 403)) {
      expect(answer).toMatchObject({
        status: 409,
        body: { message: NO_PENDING_DRAW_MESSAGE, code: ERROR_CODES.noPendingDraw },
      });
    }

    const rows = await query<{ id: string }>(
      postgres.database,
      `select id from attempts where user_id = '${limitLearner.id}' and quiz_id = '${limitQuiz.id}'`,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(recorded.map((answer) => answer.body?.attemptId).sort());
    fault.survived();
  });

  it('a certification passed concurrently on both instances is earned exactly once', async () => {
    const fault = ledger.inject('10 concurrent passes of a certification quiz over 2 instances');
    const { certLearner, certQuiz, certId } = seeded;
    // 10 copies of one passing draw over both instances: one attempt.
    const copies = await spread(
      await copiesOfOneDraw(certLearner.token, certQuiz, 10),
      'submit (certification, one draw)',
    );
    expect(copies.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    // Then rounds of 10 tabs at once, each opening the quiz and passing it, up to the quiz's 10
    // attempts: passes commit one after another on both instances, the sub-level earned once.
    const answers = [...copies];
    for (let round = 0; round < 12; round += 1) {
      const tabs = await spread(
        Array.from(
          { length: 10 },
          () => (url: string) => openAndSubmit(url, certLearner.token, keyOf(certQuiz)),
        ),
        'submit (certification race)',
      );
      answers.push(...tabs);
      if (tabs.some((answer) => answer.status === 403)) break;
    }
    expect(answers.every((answer) => [201, 403, 409].includes(answer.status))).toBe(true);
    const attemptIds = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => String(answer.body?.attemptId));
    expect(attemptIds).toHaveLength(10);

    const earned = await query<{ attempt_id: string }>(
      postgres.database,
      `select attempt_id from certifications where user_id = '${certLearner.id}' and cert_id = '${certId}'`,
    );
    expect(earned).toHaveLength(1);
    expect(attemptIds).toContain(earned[0]?.attempt_id);
    const certificates = await query<{ level: number }>(
      postgres.database,
      `select level from certificates where user_id = '${certLearner.id}'`,
    );
    expect(certificates).toEqual([{ level: 1 }]);
    const progress = await spread(
      [(url: string) => openAndSubmit(url, certLearner.token, keyOf(certQuiz))],
      'submit (eleventh attempt)',
    );
    expect(progress[0]?.body).toEqual({ message: ATTEMPT_LIMIT_MESSAGE, code: ERROR_CODES.attemptLimit });
    fault.survived();
  });

  it("the free plan's distinct-quiz cap holds for 25 different quizzes submitted at once", async () => {
    const fault = ledger.inject('25 distinct quizzes at once against the free plan cap over 2 instances');
    const { capLearner, capQuizzes } = seeded;
    const cap = FREE_PLAN.maxQuizzes ?? 0;
    const answers = await spread(
      // Each opens its own quiz (its own draw) and submits it: 25 attempts really racing for the cap.
      capQuizzes.map((quiz) => (url: string) => openAndSubmit(url, capLearner.token, keyOf(quiz))),
      'submit (plan cap race)',
    );
    const recorded = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 403);
    expect(recorded).toHaveLength(cap);
    expect(refused).toHaveLength(capQuizzes.length - cap);
    for (const answer of refused) expect(answer.body).toEqual({ message: maxQuizzesMessage(cap) });

    const [distinct] = await query<{ count: number }>(
      postgres.database,
      `select count(distinct quiz_id)::int as count from attempts where user_id = '${capLearner.id}'`,
    );
    expect(Number(distinct?.count)).toBe(cap);
    fault.survived();
  });

  it('ten copies of one payment over both instances, each with its own event id, give one plan of one year', async () => {
    const fault = ledger.inject('10 copies of one signed payment webhook over 2 instances');
    const { payer } = seeded;
    const paymentId = `pay_Race${Date.now()}`;
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            amount: 29_900,
            currency: 'INR',
            status: 'captured',
            email: payer.email,
            notes: { email: payer.email },
          },
        },
      },
    });
    const answers = await spread(
      Array.from(
        { length: 10 },
        (_, index) => (url: string) => deliverWebhook(url, body, `evt_race_${paymentId}_${index}`),
      ),
      'payment webhook (copies race)',
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.body?.message === 'Plan activated')).toHaveLength(1);

    const plans = await query<{ plan_id: string; days: number }>(
      postgres.database,
      `select plan_id, extract(epoch from ends_at - starts_at) / 86400 as days
         from subscriptions where user_id = '${payer.id}'`,
    );
    expect(plans.map((plan) => [plan.plan_id, Number(plan.days)])).toEqual([['plan299', 365]]);
    const events = await query<{ count: number }>(
      postgres.database,
      `select count(*)::int as count from payment_events where payload #>> '{payload,payment,entity,id}' = '${paymentId}'`,
    );
    expect(Number(events[0]?.count)).toBe(1);
    fault.survived();
  });

  it('avatars replaced at once over both instances leave no orphan image and delete none in use', async () => {
    const fault = ledger.inject(
      '4 learners replace their avatars 5 times at once over 2 instances (decision 022)',
    );
    const { avatarLearners } = seeded;
    // Six pictures shared between the learners: one image row is left by one and taken by another.
    const pictures = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const bytes = await sharp({
          create: { width: 300, height: 300, channels: 3, background: { r: 40 * index, g: 90, b: 200 } },
        })
          .jpeg()
          .toBuffer();
        return `data:image/jpeg;base64,${bytes.toString('base64')}`;
      }),
    );
    const answers = await spread(
      avatarLearners.flatMap((who, learnerIndex) =>
        Array.from(
          { length: 5 },
          (_, round) => (url: string) =>
            request(url, 'PUT', '/api/user/profile', {
              token: who.token,
              body: {
                first_name: 'Race',
                last_name: 'Avatar',
                grade: 'c-3',
                avatar: pictures[(learnerIndex + round) % pictures.length],
              },
            }),
        ),
      ),
      'profile avatar (replacement race)',
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const orphans = await query<{ id: string }>(
      postgres.database,
      `select m.id from media m
        where not exists (select 1 from users u where u.avatar_media_id = m.id)
          and not exists (select 1 from questions q where q.image_media_id = m.id
            or position('/api/media/' || m.id in q.options::text) > 0)
          and not exists (select 1 from attempts a where position('/api/media/' || m.id in a.snapshot::text) > 0)`,
    );
    expect(orphans).toEqual([]);
    const avatars = await query<{ avatar_media_id: string | null }>(
      postgres.database,
      `select avatar_media_id from users where id in (${avatarLearners.map((who) => `'${who.id}'`).join(', ')})`,
    );
    for (const { avatar_media_id: id } of avatars) {
      expect(id).not.toBeNull();
      const served = await request(instances[0]?.url ?? '', 'GET', `/api/media/${id}`);
      expect(served.status).toBe(200);
    }
    fault.survived();
  });

  it('leaves no half-written attempt and no 5xx behind', async () => {
    const problems = await integrityProblems(postgres.database, []);
    expect(problems.halfWritten).toEqual([]);
    expect(problems.orphanCertifications).toEqual([]);
    expect(problems.unearnedCertificates).toEqual([]);
    expect(ledger.unexpected).toEqual([]);
  });
});
