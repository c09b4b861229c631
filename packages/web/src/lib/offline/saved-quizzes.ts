import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../api-client.ts';
import { MEDIA_CACHE } from './cache-names.ts';
import {
  findSavedQuiz,
  offlineStorageAvailable,
  removeSavedQuiz,
  saveQuizDraw,
  savedQuizIds,
} from './offline-store.ts';

/*
 * Which quizzes the signed-in learner saved for offline (the badges), read once from IndexedDB
 * and again whenever a save, a submission or the outbox changes them.
 */

interface Snapshot {
  learnerId: string;
  ids: ReadonlySet<string>;
}

let snapshot: Snapshot | null = null;
/** The read under way, and whether something changed since it started (read again then). */
let loading: { learnerId: string; again: boolean } | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function load(learnerId: string): void {
  if (!offlineStorageAvailable()) return;
  if (loading?.learnerId === learnerId) {
    loading.again = true;
    return;
  }
  const run = { learnerId, again: false };
  loading = run;
  savedQuizIds(learnerId)
    .then(
      (ids) => {
        if (loading !== run) return;
        snapshot = { learnerId, ids };
        emit();
      },
      (error: unknown) => console.error('Could not read the saved quizzes', error),
    )
    .finally(() => {
      if (loading !== run) return;
      loading = null;
      if (run.again) load(learnerId);
    });
}

/** The saved quizzes changed (a save, a submission sent): the badges read them again. */
export function savedQuizzesChanged(learnerId = snapshot?.learnerId): void {
  if (learnerId) load(learnerId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => snapshot;

/** The ids of the quizzes this learner saved for offline; null until known. */
export function useSavedQuizIds(learnerId: string | undefined): ReadonlySet<string> | null {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const known = current !== null && current.learnerId === learnerId;
  useEffect(() => {
    if (learnerId && !known) load(learnerId);
  }, [learnerId, known]);
  return known ? current.ids : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The question and option images of a draw (QuizAttemptResponse's questionImage, image options). */
export function drawImages(draw: unknown): string[] {
  if (!isRecord(draw) || !Array.isArray(draw.questions)) return [];
  const urls = new Set<string>();
  for (const question of draw.questions as unknown[]) {
    if (!isRecord(question)) continue;
    if (typeof question.questionImage === 'string' && question.questionImage !== '') {
      urls.add(question.questionImage);
    }
    if (!Array.isArray(question.options)) continue;
    for (const option of question.options as unknown[]) {
      if (isRecord(option) && option.type === 'image' && typeof option.value === 'string') {
        urls.add(option.value);
      }
    }
  }
  return [...urls];
}

/** Keeps a saved draw's pictures in the media cache, which the service worker answers from offline. */
async function keepImages(urls: string[]): Promise<void> {
  if (urls.length === 0 || typeof caches === 'undefined') return;
  const cache = await caches.open(MEDIA_CACHE);
  await Promise.all(urls.map((url) => cache.add(url)));
}

/**
 * 'Save for offline': GET /api/quizzes/{quizId} answers the learner's pending draw (the one a
 * submit is scored against), which is kept with its pictures for this learner. Pictures first, so
 * a quiz shown as saved has them. Rejects (ApiError, a picture that did not load) when it failed.
 */
export async function saveForOffline(
  learnerId: string,
  quizId: string,
  fallbackTitle: string,
): Promise<void> {
  const { data } = await apiRequest(`/quizzes/${encodeURIComponent(quizId)}`);
  await keepImages(drawImages(data));
  const title = isRecord(data) && typeof data.title === 'string' ? data.title : fallbackTitle;
  await saveQuizDraw({ learnerId, quizId, title, draw: data, savedAt: Date.now() });
  savedQuizzesChanged(learnerId);
}

/** The saved draw was submitted: it can serve no other attempt, so it is no longer saved. */
export async function forgetSavedQuiz(learnerId: string, quizId: string): Promise<void> {
  await removeSavedQuiz(learnerId, quizId);
  savedQuizzesChanged(learnerId);
}

/**
 * The attempt page read the quiz from the server: a saved copy becomes that draw (the server's
 * pending draw is the one a submit is scored against, also if it changed on another device).
 */
export async function keepSavedDrawCurrent(learnerId: string, quizId: string, draw: unknown): Promise<void> {
  const saved = await findSavedQuiz(learnerId, quizId);
  if (saved) await saveQuizDraw({ ...saved, draw, savedAt: Date.now() });
}

/** The draw saved for this learner, if any (read by the attempt page without a connection). */
export async function savedDraw(learnerId: string, quizId: string): Promise<unknown> {
  try {
    return (await findSavedQuiz(learnerId, quizId))?.draw;
  } catch {
    return undefined;
  }
}
