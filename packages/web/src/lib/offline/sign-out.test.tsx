import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler, type RecordedCall } from '../../test/fetch-mock.ts';
import { currentPath, learner, renderApp, storeSession } from '../../test/render-app.tsx';
import '../../app/app-layout.tsx';
import { OFFLINE_DB, PERSONAL_CACHE } from './cache-names.ts';
import {
  clearOfflineData,
  outboxEntries,
  queueSubmission,
  saveQuizDraw,
  savedQuizIds,
} from './offline-store.ts';

const SUBMIT = 'POST /api/quizzes/submit/quiz-1';
const CONFIRM = 'Are you sure you want to logout?';
const UNSENT =
  '1 set of answers given without the internet has not been sent yet. If you log out now, they will be lost. Log out anyway?';

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

function stubCaches() {
  const deleted: string[] = [];
  vi.stubGlobal('caches', {
    delete: vi.fn(async (name: string) => {
      deleted.push(name);
      return true;
    }),
  });
  return deleted;
}

async function signedIn(submit: MockHandler) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/certification/progress': { status: 500, body: { message: 'Not in this test' } },
    [SUBMIT]: submit,
  });
  storeSession();
  const app = renderApp('/dashboard');
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...app, ...fetch };
}

async function queueOne() {
  await queueSubmission({
    key: 'key-1',
    learnerId: learner._id,
    quizId: 'quiz-1',
    title: 'Shapes',
    path: '/api/quizzes/submit/quiz-1',
    body: { answers: [0] },
    token: 'stored-token',
    language: 'en',
  });
}

const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

afterEach(async () => {
  await clearOfflineData();
});

describe('logout clears the personal data of the device (issue 20)', () => {
  it('deletes the offline database and the personal cache', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deleted = stubCaches();
    await saveQuizDraw({ learnerId: learner._id, quizId: 'quiz-1', title: 'Shapes', draw: {}, savedAt: 1 });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = await signedIn({ status: 201, body: { attemptId: 'a1' } });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await waitFor(async () => expect(await databaseNames()).not.toContain(OFFLINE_DB));
    expect(deleted).toEqual([PERSONAL_CACHE]);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(CONFIRM);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends answers still waiting first when the connection is there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCaches();
    await queueOne();
    const network = { online: false };
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router, callsTo } = await signedIn((call: RecordedCall) => {
      if (!network.online) offline();
      return { status: 201, body: { attemptId: `attempt-for-${call.headers.get('Idempotency-Key')}` } };
    });
    // The start's attempt found no connection: the answers still wait.
    await waitFor(() => expect(callsTo('POST', '/api/quizzes/submit/quiz-1')).toHaveLength(1));
    expect((await outboxEntries())[0]?.state).toBe('queued');
    network.online = true;

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    const sent = callsTo('POST', '/api/quizzes/submit/quiz-1');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await databaseNames()).not.toContain(OFFLINE_DB));
  });

  it('asks before losing answers that cannot be sent, and stays signed in when told to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCaches();
    await queueOne();
    const answers = [true, false];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => answers.shift() ?? true);
    const { user, router } = await signedIn(offline);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(confirm).toHaveBeenNthCalledWith(2, UNSENT);
    expect(currentPath(router)).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('stored-token');
    expect(await outboxEntries()).toHaveLength(1);

    // Asked again, the learner chooses to log out: the answers go with the rest.
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(confirm).toHaveBeenCalledTimes(4);
    await waitFor(async () => expect(await databaseNames()).not.toContain(OFFLINE_DB));
    expect(await savedQuizIds(learner._id)).toEqual(new Set());
  });
});
