import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OFFLINE_DB, PERSONAL_CACHE } from './cache-names.ts';

/*
 * What QuizQuest keeps on the device in IndexedDB (issue 20): the quizzes saved for offline (their
 * pending draws, as GET /api/quizzes/{id} answered) and the outbox of submissions made without a
 * connection. No React, no zod, nothing of the app but cache-names.ts: the service worker's bundle
 * imports this file (through outbox.ts).
 */

/** A quiz saved for offline: the learner's pending draw of it, which a later submit is scored against. */
export interface SavedQuiz {
  learnerId: string;
  quizId: string;
  title: string;
  /** The body of GET /api/quizzes/{quizId} as it came (QuizAttemptResponse); the page parses it. */
  draw: unknown;
  savedAt: number;
}

export type OutboxState = 'queued' | 'sent' | 'refused';

/** A submission waiting in the outbox, or sent (or refused) and not yet shown to the learner. */
export interface OutboxEntry {
  /** The Idempotency-Key it is sent with (decision 036): one per submission. */
  key: string;
  learnerId: string;
  /** The quiz submitted, or 'review' for a review session (POST /api/review/submit). */
  quizId: string;
  /** The quiz's title, for the message that says it was sent. */
  title: string;
  /** The API path, '/api/…'. */
  path: string;
  /** The JSON body, e.g. {answers}. */
  body: unknown;
  /** The bearer token at queue time: the service worker has no other. */
  token: string;
  /** The language shown at queue time (Accept-Language). */
  language: string;
  createdAt: number;
  state: OutboxState;
  /** The HTTP status of the answer, once there is one. */
  status?: number;
  /** The server's answer: the 2xx body when sent, {message, code} when refused. */
  response?: unknown;
}

/** The outbox's quizId of a review session's submission. */
export const REVIEW_OUTBOX_ID = 'review';

interface OfflineSchema extends DBSchema {
  savedQuizzes: {
    key: [string, string];
    value: SavedQuiz;
    indexes: { byLearner: string };
  };
  outbox: {
    key: string;
    value: OutboxEntry;
    indexes: { byLearner: string };
  };
}

const VERSION = 1;

let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** IndexedDB exists here (not in every private mode, nor in the unit tests without a fake). */
export function offlineStorageAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

function forget(): void {
  database = null;
}

function open(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(OFFLINE_DB, VERSION, {
    upgrade(db) {
      const saved = db.createObjectStore('savedQuizzes', { keyPath: ['learnerId', 'quizId'] });
      saved.createIndex('byLearner', 'learnerId');
      const outbox = db.createObjectStore('outbox', { keyPath: 'key' });
      outbox.createIndex('byLearner', 'learnerId');
    },
    // Another context deletes the database (logout in a tab) or upgrades it: let it.
    blocking() {
      void database?.then((db) => db.close());
      forget();
    },
    terminated: forget,
  }).catch((error: unknown) => {
    forget();
    throw error;
  });
  return database;
}

export async function saveQuizDraw(saved: SavedQuiz): Promise<void> {
  await (await open()).put('savedQuizzes', saved);
}

export async function findSavedQuiz(learnerId: string, quizId: string): Promise<SavedQuiz | undefined> {
  if (!offlineStorageAvailable()) return undefined;
  return (await open()).get('savedQuizzes', [learnerId, quizId]);
}

/** The ids of the quizzes this learner saved for offline. */
export async function savedQuizIds(learnerId: string): Promise<Set<string>> {
  if (!offlineStorageAvailable()) return new Set();
  const saved = await (await open()).getAllFromIndex('savedQuizzes', 'byLearner', learnerId);
  return new Set(saved.map((quiz) => quiz.quizId));
}

/** The saved draw was submitted (or is gone on the server): it can serve no attempt any more. */
export async function removeSavedQuiz(learnerId: string, quizId: string): Promise<void> {
  if (!offlineStorageAvailable()) return;
  await (await open()).delete('savedQuizzes', [learnerId, quizId]);
}

/** Puts a submission in the outbox, queued. */
export async function queueSubmission(
  entry: Omit<OutboxEntry, 'state' | 'createdAt' | 'status' | 'response'>,
): Promise<void> {
  await (await open()).put('outbox', { ...entry, state: 'queued', createdAt: Date.now() });
}

/** The outbox's entries, oldest first: of one learner, or of everyone (the service worker). */
export async function outboxEntries(learnerId?: string): Promise<OutboxEntry[]> {
  if (!offlineStorageAvailable()) return [];
  const db = await open();
  const entries =
    learnerId === undefined
      ? await db.getAll('outbox')
      : await db.getAllFromIndex('outbox', 'byLearner', learnerId);
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

/** Records the server's answer to an entry, unless the entry was removed meanwhile (logout). */
export async function settleOutboxEntry(
  key: string,
  answer: { state: 'sent' | 'refused'; status: number; response: unknown },
): Promise<void> {
  const tx = (await open()).transaction('outbox', 'readwrite');
  const entry = await tx.store.get(key);
  if (entry) await tx.store.put({ ...entry, ...answer });
  await tx.done;
}

/** The learner has been shown what became of the entry: it leaves the outbox. */
export async function removeOutboxEntry(key: string): Promise<void> {
  if (!offlineStorageAvailable()) return;
  await (await open()).delete('outbox', key);
}

/**
 * Logout: the personal data of the device goes, the IndexedDB database (saved draws, the outbox)
 * and the Cache Storage of personal API reads. Question media and public lists stay (the same
 * for everyone). A 401 that ends the session does not call this (the queued answers of a learner
 * whose token expired are sent after signing in again), only a deliberate sign-out does.
 */
export async function clearOfflineData(): Promise<void> {
  const current = database;
  forget();
  if (current) await current.then((db) => db.close()).catch(() => undefined);
  if (offlineStorageAvailable()) await deleteDB(OFFLINE_DB);
  if (typeof caches !== 'undefined') await caches.delete(PERSONAL_CACHE);
}
