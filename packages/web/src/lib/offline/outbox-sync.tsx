import { useEffect } from 'react';
import { Link } from 'react-router';
import { currentLanguage, translate } from '../../i18n/i18n.ts';
import { useText } from '../../i18n/use-text.ts';
import { onReconnect } from '../connection.ts';
import { getSession } from '../session-store.ts';
import { useAuth } from '../session.ts';
import { notify } from '../toast.tsx';
import { OUTBOX_SENT_MESSAGE, OUTBOX_SYNC_TAG } from './cache-names.ts';
import {
  offlineStorageAvailable,
  outboxEntries,
  queueSubmission,
  removeOutboxEntry,
  REVIEW_OUTBOX_ID,
  type OutboxEntry,
} from './offline-store.ts';
import { sendOutbox } from './outbox.ts';
import { savedQuizzesChanged } from './saved-quizzes.ts';

/*
 * The page's side of the outbox (issue 20): a submission made without a connection is kept, sent
 * when the connection returns (here, or by the service worker's Background Sync), and what became
 * of it is shown to the learner once — then it leaves the outbox. Nothing is dropped unseen.
 */

/**
 * A page that shows a settled entry itself (the attempt page still open on that quiz opens the
 * result; the review page shows its marks): it returns true, and no toast is raised for it.
 */
type SettledListener = (entry: OutboxEntry) => boolean;

const listeners = new Set<SettledListener>();

export function onOutboxSettled(listener: SettledListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The attempt id of a quiz submission's answer, when the server gave one. */
export function attemptIdOf(entry: OutboxEntry): string | null {
  return isRecord(entry.response) && typeof entry.response.attemptId === 'string'
    ? entry.response.attemptId
    : null;
}

/** The server's message of a refused entry, else a plain fallback in the language shown. */
export function refusalMessage(entry: OutboxEntry): string {
  return isRecord(entry.response) &&
    typeof entry.response.message === 'string' &&
    entry.response.message !== ''
    ? entry.response.message
    : translate('offline.outbox.refusedFallback');
}

function SentNotice({ title, attemptId }: { title: string; attemptId: string | null }) {
  const t = useText();
  return (
    <span>
      {t('offline.outbox.sent', { title })}{' '}
      {attemptId ? <Link to={`/quizzes/result/${attemptId}`}>{t('offline.outbox.seeResult')}</Link> : null}
    </span>
  );
}

function reviewCounts(entry: OutboxEntry): { correct: number; total: number } | null {
  const answer = entry.response;
  if (!isRecord(answer)) return null;
  const { correctCount, totalQuestions } = answer;
  return typeof correctCount === 'number' && typeof totalQuestions === 'number'
    ? { correct: correctCount, total: totalQuestions }
    : null;
}

/** What became of an entry, told by the page that claims it or by a toast that stays until closed. */
function present(entry: OutboxEntry): void {
  for (const listener of listeners) if (listener(entry)) return;
  const review = entry.quizId === REVIEW_OUTBOX_ID;
  if (entry.state === 'refused') {
    const message = refusalMessage(entry);
    notify(
      'error',
      review
        ? translate('offline.outbox.reviewRefused', { message })
        : translate('offline.outbox.refused', { title: entry.title, message }),
      { autoClose: false },
    );
  } else if (review) {
    const counts = reviewCounts(entry);
    notify(
      'success',
      counts ? translate('offline.outbox.reviewSent', counts) : translate('offline.outbox.reviewSentPlain'),
      { autoClose: false },
    );
  } else {
    notify('success', <SentNotice title={entry.title} attemptId={attemptIdOf(entry)} />, {
      autoClose: false,
    });
  }
}

async function syncOnce(): Promise<void> {
  const { token, user } = getSession();
  if (!token || !user || !offlineStorageAvailable()) return;
  const learnerId = user._id;
  await sendOutbox({ learnerId, session: { learnerId, token } });
  // Sent or refused, here or by the service worker: shown once, then out of the outbox.
  for (const entry of await outboxEntries(learnerId)) {
    if (entry.state === 'queued') continue;
    if (getSession().user?._id !== learnerId) break;
    present(entry);
    await removeOutboxEntry(entry.key);
  }
  savedQuizzesChanged();
}

let syncing: Promise<void> | null = null;
let again = false;

/**
 * Sends the signed-in learner's queued submissions and shows what became of the settled ones.
 * A call while one runs makes it run once more (something may have been queued meanwhile).
 * Never rejects: a failure leaves the entries where they are for the next time.
 */
export function syncOutbox(): Promise<void> {
  if (syncing) {
    again = true;
    return syncing;
  }
  syncing = (async () => {
    do {
      again = false;
      await syncOnce().catch((error: unknown) => console.error('Outbox sync failed', error));
    } while (again);
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Background Sync where the browser has it (Chromium): the service worker sends the outbox then. */
async function askForBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // getRegistration, not ready: ready never settles on a page no service worker controls.
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG);
}

/**
 * Keeps a submission that could not reach the server (no connection) in the outbox, for the
 * signed-in learner with its Idempotency-Key, and asks for Background Sync. False when it could
 * not be kept (no IndexedDB, no session): the page then says the submission failed, as before.
 */
export async function keepForLater(submission: {
  key: string;
  quizId: string;
  title: string;
  path: string;
  body: unknown;
}): Promise<boolean> {
  const { token, user } = getSession();
  if (!token || !user || !offlineStorageAvailable()) return false;
  try {
    await queueSubmission({
      ...submission,
      learnerId: user._id,
      token,
      language: currentLanguage(),
    });
  } catch (error) {
    console.error('Could not keep the submission', error);
    return false;
  }
  await askForBackgroundSync().catch(() => undefined);
  return true;
}

/** The learner's submission of this quiz still waiting in the outbox, if any. */
export async function queuedSubmission(learnerId: string, quizId: string): Promise<OutboxEntry | null> {
  try {
    const entries = await outboxEntries(learnerId);
    return entries.find((entry) => entry.quizId === quizId && entry.state === 'queued') ?? null;
  } catch {
    return null;
  }
}

function isSentMessage(data: unknown): boolean {
  return data === OUTBOX_SENT_MESSAGE || (isRecord(data) && data.type === OUTBOX_SENT_MESSAGE);
}

/**
 * Mounted once in the signed-in layout: sends the outbox when the app starts, when the connection
 * is back (the browser's `online`, or an answer after none: lib/connection.ts), and shows what the
 * service worker sent (its OUTBOX_SENT_MESSAGE).
 */
export function useOutboxSync(): void {
  const { token, user } = useAuth();
  const learnerId = user?._id;
  useEffect(() => {
    if (!token || !learnerId) return;
    void syncOutbox();
    const sync = () => void syncOutbox();
    const onMessage = (event: MessageEvent) => {
      if (isSentMessage(event.data)) sync();
    };
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    const stopWaiting = onReconnect(sync);
    worker?.addEventListener('message', onMessage);
    return () => {
      stopWaiting();
      worker?.removeEventListener('message', onMessage);
    };
  }, [token, learnerId]);
}
