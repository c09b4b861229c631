import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, media, questions, users } from '../../db/schema.ts';
import {
  createTestContext,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from '../../testing/index.ts';
import { insertQuiz } from '../../testing/quizzes.ts';
import { shownQuestionsOf } from '../../testing/shown.ts';
import { pngImage, quizBody, signIn } from '../../testing/admin-quizzes.ts';
import {
  claimMediaIds,
  mediaIdFromUrl,
  mediaQuotaMessage,
  mediaUrl,
  releaseMedia,
  storeImage,
  UPLOAD_RATE_MESSAGE,
} from '../../lib/media.ts';
import { MEDIA_SWEEP_GRACE_MS, startMediaSweeper, sweepMedia } from './sweeper.ts';

/**
 * Storage bounds (issue 14, decision 022): media nothing references are deleted, safely across
 * instances; uploads per user are rate-limited and their bytes bounded.
 */

let context: TestContext;
/** A second app instance on the same database. */
let second: TestContext;

beforeAll(async () => {
  // One secret, so a token from one instance is good on the other.
  const jwtSecret = randomBytes(32).toString('hex');
  context = await createTestContext({ jwtSecret });
  second = await createTestContext({ database: context.database, jwtSecret });
});
afterAll(async () => {
  await second.app.close();
  await context.close();
});

type Headers = { authorization: string };

async function learner(label = 'learner') {
  const user = await insertUser(context.database, {
    email: `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

/** A distinct avatar for each seed: noise, so no two encode alike. */
async function avatarDataString(seed: number, size = 400): Promise<string> {
  const bytes = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

function putAvatar(on: TestContext, headers: Headers, avatar: string | null) {
  return on.request({
    method: 'PUT',
    url: '/api/user/profile',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ first_name: 'Asha', last_name: 'Rao', grade: 'c-4', avatar }),
  });
}

async function avatarOf(userId: string): Promise<string | null> {
  const [row] = await context.database.db
    .select({ id: users.avatarMediaId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.id ?? null;
}

async function mediaIds(): Promise<Set<string>> {
  const rows = await context.database.db.select({ id: media.id }).from(media);
  return new Set(rows.map((row) => row.id));
}

async function exists(id: string): Promise<boolean> {
  return (
    (await context.database.db.select({ id: media.id }).from(media).where(eq(media.id, id))).length === 1
  );
}

/** Every media row that no avatar, question, option or snapshot references. */
async function orphans(): Promise<string[]> {
  const rows = await context.database.db
    .select({ id: media.id })
    .from(media)
    .where(
      sql`not exists (select 1 from ${users} where ${users.avatarMediaId} = ${media.id})
        and not exists (select 1 from ${questions} where ${questions.imageMediaId} = ${media.id}
          or ${questions.explanationImageMediaId} = ${media.id}
          or position(('/api/media/' || ${media.id}) in ${questions.options}::text) > 0)
        and not exists (select 1 from ${attempts}
          where position(('/api/media/' || ${media.id}) in ${attempts.snapshot}::text) > 0)`,
    );
  return rows.map((row) => row.id);
}

/** Sweeps until nothing is left to delete (sweeps of the tests may run while the clock moves). */
async function sweep(now: Date) {
  return sweepMedia(context.database.db, { now });
}

describe('replacing an avatar', () => {
  it('deletes the avatar it replaces in the same transaction: storage stays one avatar', async () => {
    const user = await learner();
    const seen: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await putAvatar(context, user.headers, await avatarDataString(index));
      expect(response.statusCode).toBe(200);
      seen.push(mediaIdFromUrl(response.json<{ avatar: string }>().avatar) ?? '');
    }
    const current = await avatarOf(user.id);
    expect(current).toBe(seen.at(-1));
    const stored = await context.database.db
      .select({ id: media.id, size: media.size })
      .from(media)
      .where(eq(media.uploadedBy, user.id));
    expect(stored.map((row) => row.id)).toEqual([current]);
    // Re-encoded to 200 × 200 at quality 0.7: a few kilobytes, not the upload.
    expect(stored[0]?.size).toBeLessThan(30_000);
    for (const id of seen.slice(0, -1)) expect(await exists(id)).toBe(false);

    // Removing it frees it too.
    expect((await putAvatar(context, user.headers, null)).statusCode).toBe(200);
    expect(await exists(current ?? '')).toBe(false);
  });

  it('keeps a picture another user still uses', async () => {
    const [first, other] = [await learner(), await learner()];
    const picture = await avatarDataString(900);
    const saved = await putAvatar(context, first.headers, picture);
    expect((await putAvatar(context, other.headers, picture)).json().avatar).toBe(saved.json().avatar);
    expect((await putAvatar(context, first.headers, await avatarDataString(901))).statusCode).toBe(200);
    const shared = saved.json<{ avatar: string }>().avatar;
    expect((await context.request({ method: 'GET', url: shared })).statusCode).toBe(200);
    expect(await orphans()).toEqual([]);
  });

  it('limits uploads per user: 20 new avatars an hour, then 429 and nothing stored', async () => {
    const user = await learner();
    for (let index = 0; index < 20; index += 1) {
      expect((await putAvatar(context, user.headers, await avatarDataString(1000 + index))).statusCode).toBe(
        200,
      );
    }
    const before = await mediaIds();
    const refused = await putAvatar(context, user.headers, await avatarDataString(1100));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: UPLOAD_RATE_MESSAGE });
    expect(await mediaIds()).toEqual(before);
    // Keeping the current avatar or changing other fields is no upload.
    const avatar = mediaUrl((await avatarOf(user.id)) ?? '');
    expect((await putAvatar(context, user.headers, avatar)).statusCode).toBe(200);
  });

  it('refuses an avatar over the per-user quota with 413 and stores nothing', async () => {
    const small = await createTestContext({ database: context.database, env: { MEDIA_QUOTA_MB: '0.005' } });
    try {
      const user = await learner();
      const headers = await loginAs(small, user.email);
      const before = await mediaIds();
      // 200 × 200 of noise at quality 0.7: far more than 5 KB.
      const noisy = await sharp({
        create: {
          width: 300,
          height: 300,
          channels: 3,
          background: '#000000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg()
        .toBuffer();
      const response = await putAvatar(small, headers, `data:image/jpeg;base64,${noisy.toString('base64')}`);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: mediaQuotaMessage('avatar', 0.005 * 1024 * 1024) });
      expect(await mediaIds()).toEqual(before);
      expect(await avatarOf(user.id)).toBeNull();
      // A small one fits.
      expect((await putAvatar(small, headers, await avatarDataString(7, 16))).statusCode).toBe(200);
    } finally {
      await small.app.close();
    }
  });

  it('on two instances at once, concurrent replacements leave no orphan and delete nothing in use', async () => {
    const people = await Promise.all([learner('a'), learner('b'), learner('c'), learner('d')]);
    // Some pictures are shared between people, so one row can be replaced by one and kept by another.
    const pictures = await Promise.all(
      Array.from({ length: 6 }, (_, index) => avatarDataString(2000 + index, 64)),
    );
    const replaceAll = (offset: number) =>
      Promise.all(
        people.flatMap((person, personIndex) =>
          Array.from({ length: 4 }, (_, round) => {
            const on = (personIndex + round) % 2 === 0 ? context : second;
            const picture = pictures[(personIndex + round + offset) % pictures.length] ?? '';
            return putAvatar(on, person.headers, picture);
          }),
        ),
      );
    const expectAllServed = async () => {
      for (const person of people) {
        const id = await avatarOf(person.id);
        expect(id).not.toBeNull();
        expect((await context.request({ method: 'GET', url: mediaUrl(id ?? '') })).statusCode).toBe(200);
      }
    };

    // Requests alone: each frees what it replaced, in its own transaction.
    const first = await replaceAll(0);
    expect(first.map((response) => response.statusCode)).toEqual(first.map(() => 200));
    expect(await orphans()).toEqual([]);
    await expectAllServed();

    // With both instances sweeping meanwhile: a row a sweep holds is skipped by a request and
    // left to the next sweep, never deleted while in use.
    const [again] = await Promise.all([
      replaceAll(3),
      sweepMedia(context.database.db, { now: new Date() }),
      sweepMedia(second.database.db, { now: new Date() }),
    ]);
    expect(again.map((response) => response.statusCode)).toEqual(again.map(() => 200));
    await expectAllServed();
    await Promise.all([
      sweepMedia(context.database.db, { now: new Date() }),
      sweepMedia(second.database.db, { now: new Date() }),
    ]);
    expect(await orphans()).toEqual([]);
    await expectAllServed();
  });

  it("an erased account's avatar is deleted with it", async () => {
    const user = await learner();
    const saved = await putAvatar(context, user.headers, await avatarDataString(3000));
    const id = mediaIdFromUrl(saved.json<{ avatar: string }>().avatar) ?? '';
    expect(await exists(id)).toBe(true);
    const response = await context.request({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    expect(await exists(id)).toBe(false);
  });
});

async function pngBytes(colour: string, width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe('the media sweeper', () => {
  it('deletes an unreferenced avatar at once and keeps every referenced one', async () => {
    const db = context.database.db;
    const user = await insertUser(context.database);
    const used = await storeImage(db, await pngBytes('#010203'), 'avatar', { use: 'avatar' });
    const unused = await storeImage(db, await pngBytes('#040506'), 'avatar', { use: 'avatar' });
    await db.update(users).set({ avatarMediaId: used }).where(eq(users.id, user.id));
    const result = await sweep(context.clock.now);
    expect(result?.deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(unused)).toBe(false);
    expect(await exists(used)).toBe(true);
  });

  it('frees a quiz image a quiz no longer uses only after the grace period', async () => {
    const db = context.database.db;
    const image = await storeImage(db, await pngBytes('#0a0b0c'));
    const option = await storeImage(db, await pngBytes('#0d0e0f'), 'image', { use: 'option' });
    const quiz = await insertQuiz(context.database, {
      title: `Sweep ${crypto.randomUUID()}`,
      questions: [
        {
          text: 'Which?',
          imageMediaId: image,
          options: [
            { type: 'image', value: mediaUrl(option) },
            { type: 'text', value: 'B' },
          ],
          correctIndex: 0,
        },
      ],
    });
    const start = new Date(context.clock.now.getTime() + 2 * MEDIA_SWEEP_GRACE_MS);
    await sweep(start);
    expect(await exists(image)).toBe(true);
    expect(await exists(option)).toBe(true);

    // The admin drops both images.
    await db
      .update(questions)
      .set({
        imageMediaId: null,
        options: [
          { type: 'text', value: 'A' },
          { type: 'text', value: 'B' },
        ],
      })
      .where(eq(questions.quizId, quiz.id));
    await sweep(start);
    await sweep(new Date(start.getTime() + MEDIA_SWEEP_GRACE_MS - 1000));
    expect(await exists(image)).toBe(true);
    expect(await exists(option)).toBe(true);
    await sweep(new Date(start.getTime() + MEDIA_SWEEP_GRACE_MS + 1000));
    expect(await exists(image)).toBe(false);
    expect(await exists(option)).toBe(false);
  });

  it("keeps a quiz image that only an attempt's snapshot still shows, for good", async () => {
    const db = context.database.db;
    const user = await insertUser(context.database);
    const image = await storeImage(db, await pngBytes('#101112'));
    const option = await storeImage(db, await pngBytes('#131415'), 'image', { use: 'option' });
    const quiz = await insertQuiz(context.database, { title: `Snapshot ${crypto.randomUUID()}` });
    await db.insert(attempts).values({
      userId: user.id,
      quizId: quiz.id,
      answers: [0],
      score: 10000,
      correctCount: 1,
      total: 1,
      snapshot: {
        title: 'Snapshot',
        questions: [
          {
            questionText: 'Which?',
            questionImage: mediaUrl(image),
            options: [
              { type: 'image', value: mediaUrl(option) },
              { type: 'text', value: 'B' },
            ],
            correctAnswerIndex: 0,
          },
        ],
      },
    });
    const later = new Date(context.clock.now.getTime() + 10 * MEDIA_SWEEP_GRACE_MS);
    await sweep(later);
    await sweep(new Date(later.getTime() + 2 * MEDIA_SWEEP_GRACE_MS));
    expect(await exists(image)).toBe(true);
    expect(await exists(option)).toBe(true);
  });

  it('a quiz image used again during its grace period starts a new one', async () => {
    const db = context.database.db;
    const image = await storeImage(db, await pngBytes('#161718'));
    const base = new Date(context.clock.now.getTime() + 20 * MEDIA_SWEEP_GRACE_MS);
    await sweep(base); // marked unreferenced
    // Kept by an admin's quiz: claimed, which unmarks it.
    expect(await claimMediaIds(db, [image], { inQuiz: true })).toEqual(new Set([image]));
    const [row] = await db.select({ since: media.unreferencedSince }).from(media).where(eq(media.id, image));
    expect(row?.since).toBeNull();
    await sweep(new Date(base.getTime() + MEDIA_SWEEP_GRACE_MS + 1000)); // marked again, from now
    expect(await exists(image)).toBe(true);
    await sweep(new Date(base.getTime() + 2 * MEDIA_SWEEP_GRACE_MS + 2000));
    expect(await exists(image)).toBe(false);
  });

  it('releaseMedia deletes nothing still referenced and leaves quiz images to the sweeper', async () => {
    const db = context.database.db;
    const user = await insertUser(context.database);
    const avatar = await storeImage(db, await pngBytes('#191a1b'), 'avatar', { use: 'avatar' });
    const quizImage = await storeImage(db, await pngBytes('#1c1d1e'));
    await db.update(users).set({ avatarMediaId: avatar }).where(eq(users.id, user.id));
    expect(await db.transaction((tx) => releaseMedia(tx, [avatar, quizImage, null]))).toEqual([]);
    await db.update(users).set({ avatarMediaId: null }).where(eq(users.id, user.id));
    expect(await db.transaction((tx) => releaseMedia(tx, [avatar, quizImage]))).toEqual([avatar]);
    expect(await exists(quizImage)).toBe(true);
  });

  it('an avatar URL kept in a quiz becomes quiz content: replacing the avatar keeps it', async () => {
    const db = context.database.db;
    const user = await learner();
    const saved = await putAvatar(context, user.headers, await avatarDataString(4000, 32));
    const id = mediaIdFromUrl(saved.json<{ avatar: string }>().avatar) ?? '';
    // What an admin's quiz save does with a kept /api/media URL.
    expect(await claimMediaIds(db, [id], { inQuiz: true })).toEqual(new Set([id]));
    await insertQuiz(context.database, {
      title: `Avatar in quiz ${crypto.randomUUID()}`,
      questions: [{ text: 'Who?', imageMediaId: id }],
    });
    const [row] = await db.select({ inQuiz: media.inQuiz }).from(media).where(eq(media.id, id));
    expect(row?.inQuiz).toBe(true);
    expect((await putAvatar(context, user.headers, await avatarDataString(4001, 32))).statusCode).toBe(200);
    expect(await exists(id)).toBe(true);
  });

  it('runs by itself every interval until stopped, and logs what it deleted', async () => {
    const db = context.database.db;
    const id = await storeImage(db, await pngBytes('#292a2b'), 'avatar', { use: 'avatar' });
    const lines: string[] = [];
    const stop = startMediaSweeper(db, {
      now: () => new Date(),
      log: { info: (message) => lines.push(message), error: (_object, message) => lines.push(message) },
      intervalMs: 20,
    });
    try {
      await expect.poll(() => exists(id), { timeout: 5000 }).toBe(false);
    } finally {
      await stop();
    }
    expect(lines.some((line) => /^media sweep: \d+ unreferenced images deleted$/.test(line))).toBe(true);
  });

  it('one sweep at a time across instances, and each deletes a row once', async () => {
    const db = context.database.db;
    const ids = await Promise.all(
      ['#202122', '#232425', '#262728'].map(async (colour) =>
        storeImage(db, await pngBytes(colour), 'avatar', { use: 'avatar' }),
      ),
    );
    const now = new Date();
    const results = await Promise.all([
      sweepMedia(context.database.db, { now }),
      sweepMedia(second.database.db, { now }),
    ]);
    const deleted = results.reduce((sum, result) => sum + (result?.deleted ?? 0), 0);
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = await db.select({ id: media.id }).from(media).where(inArray(media.id, ids));
    expect(left).toEqual([]);
  });
});

describe("an admin's quiz images", () => {
  const noisyPng = async (size: number) =>
    sharp({
      create: {
        width: size,
        height: size,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();

  it('count against the admin quota: 413 past it, and nothing is stored', async () => {
    const small = await createTestContext({
      database: context.database,
      env: { MEDIA_ADMIN_QUOTA_MB: '0.01' },
    });
    try {
      const admin = await signIn(small, 'admin');
      const before = await mediaIds();
      const image = await noisyPng(200);
      const body = quizBody({ title: `Quota ${crypto.randomUUID()}` });
      body.questions[0] = {
        ...body.questions[0]!,
        questionImage: `data:image/png;base64,${image.toString('base64')}`,
      };
      const response = await small.request({
        method: 'POST',
        url: '/api/admin/quizzes/add',
        headers: admin.headers,
        payload: body,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(mediaQuotaMessage('quiz image', 0.01 * 1024 * 1024));
      expect(await mediaIds()).toEqual(before);
      const [row] = await context.database.db
        .select({ id: media.id })
        .from(media)
        .where(eq(media.uploadedBy, admin.id));
      expect(row).toBeUndefined();
    } finally {
      await small.app.close();
    }
  });

  it('are recorded with their uploader and freed by the sweeper once an edit drops them', async () => {
    const admin = await signIn(context, 'admin');
    const image = await pngImage('#5a6b7c', 30, 20);
    const body = quizBody({ title: `Edit drops ${crypto.randomUUID()}` });
    body.questions[0] = { ...body.questions[0]!, questionImage: image.dataString };
    const added = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin.headers,
      payload: body,
    });
    expect(added.statusCode).toBe(201);
    const quiz = added.json<{ quiz: { _id: string; questions: Array<{ questionImage: string | null }> } }>()
      .quiz;
    const id = mediaIdFromUrl(quiz.questions[0]?.questionImage) ?? '';
    const [row] = await context.database.db
      .select({ uploadedBy: media.uploadedBy, inQuiz: media.inQuiz })
      .from(media)
      .where(eq(media.id, id));
    expect(row).toEqual({ uploadedBy: admin.id, inQuiz: true });

    // Saving it again with its URL keeps it; an edit without it drops the reference.
    const kept = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz._id}`,
      headers: admin.headers,
      payload: {
        ...body,
        questions: [
          { ...body.questions[0]!, questionImage: quiz.questions[0]?.questionImage },
          body.questions[1]!,
        ],
      },
    });
    expect(kept.statusCode).toBe(200);
    const dropped = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz._id}`,
      headers: admin.headers,
      payload: { ...body, questions: [{ ...body.questions[0]!, questionImage: null }, body.questions[1]!] },
    });
    expect(dropped.statusCode).toBe(200);
    const now = new Date(context.clock.now.getTime() + 40 * MEDIA_SWEEP_GRACE_MS);
    await sweep(now);
    expect(await exists(id)).toBe(true);
    await sweep(new Date(now.getTime() + MEDIA_SWEEP_GRACE_MS + 1000));
    expect(await exists(id)).toBe(false);

    // Its URL, kept by a stale edit form, is refused instead of pointing at nothing.
    const stale = await context.request({
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz._id}`,
      headers: admin.headers,
      payload: {
        ...body,
        questions: [
          { ...body.questions[0]!, questionImage: quiz.questions[0]?.questionImage },
          body.questions[1]!,
        ],
      },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('The image of Question 1 was not found. Please upload it again.');
  });

  it('an explanation image is a reference: kept while a question or a result shows it (decision 029)', async () => {
    const admin = await signIn(context, 'admin');
    const [shown, unseen] = [await pngImage('#6b7c8d', 30, 20), await pngImage('#7c8d9e', 30, 20)];
    const body = quizBody({ title: `Explained ${crypto.randomUUID()}` });
    body.questions = [
      { ...body.questions[0]!, explanation: 'Rust makes it red.', explanationImage: shown.dataString },
      { ...body.questions[1]!, explanation: 'Look at the rings.', explanationImage: unseen.dataString },
    ];
    const save = (payload: unknown) =>
      context.request({
        method: 'PUT',
        url: `/api/admin/quizzes/${quiz._id}`,
        headers: admin.headers,
        payload: payload as object,
      });
    const added = await context.request({
      method: 'POST',
      url: '/api/admin/quizzes/add',
      headers: admin.headers,
      payload: body,
    });
    expect(added.statusCode, added.body).toBe(201);
    const quiz = added.json<{
      quiz: { _id: string; questions: Array<{ explanationImage: string | null }> };
    }>().quiz;
    const [shownId, unseenId] = quiz.questions.map(
      (question) => mediaIdFromUrl(question.explanationImage) ?? '',
    );
    const [row] = await context.database.db
      .select({ uploadedBy: media.uploadedBy, inQuiz: media.inQuiz })
      .from(media)
      .where(eq(media.id, shownId!));
    expect(row).toEqual({ uploadedBy: admin.id, inQuiz: true });

    // Used by the questions: never swept, however long.
    const start = new Date(context.clock.now.getTime() + 60 * MEDIA_SWEEP_GRACE_MS);
    await sweep(start);
    await sweep(new Date(start.getTime() + 3 * MEDIA_SWEEP_GRACE_MS));
    expect(await exists(shownId!)).toBe(true);
    expect(await exists(unseenId!)).toBe(true);
    expect(await orphans()).not.toContain(shownId);

    // A learner's result shows the first one (the snapshot copies its URL).
    const learner = await signIn(context, 'learner');
    const submitted = await context.submitAsAuthored(learner.headers, quiz._id, [0, 0]);
    expect(submitted.statusCode, submitted.body).toBe(201);
    // Only the first: the second question's image is taken out of the snapshot, wherever the draw
    // showed that question (decision 031).
    const attemptId = submitted.json<{ attemptId: string }>().attemptId;
    const unseenAt = (await shownQuestionsOf(context.database, attemptId)).findIndex((question) =>
      question.explanationImage?.includes(unseenId!),
    );
    expect(unseenAt).toBeGreaterThanOrEqual(0);
    await context.database.db.execute(
      sql`update ${attempts} set snapshot = jsonb_set(snapshot, ${`{questions,${unseenAt},explanationImage}`}::text[], 'null')
        where ${attempts.id} = ${attemptId}`,
    );

    // An edit drops both: the one only the result shows stays; the other goes after the grace period.
    const dropped = await save({
      ...body,
      questions: body.questions.map((question) => ({ ...question, explanationImage: null })),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const later = new Date(start.getTime() + 10 * MEDIA_SWEEP_GRACE_MS);
    await sweep(later);
    await sweep(new Date(later.getTime() + 2 * MEDIA_SWEEP_GRACE_MS));
    expect(await exists(shownId!)).toBe(true);
    expect(await exists(unseenId!)).toBe(false);
  });
});
