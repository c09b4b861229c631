import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LearnersResponse } from '@quizquest/shared';
import { switchLanguage } from '../i18n/i18n.ts';
import { fetchLearners, switchLearner } from './learners.ts';
import { getSession } from './session-store.ts';

/**
 * The account's learners as the chooser, the sidebar's switch and the profile's children read them
 * (decision 035). Every reader asks again when a child is added or removed (`reloadLearners`) and
 * when the session's learner changes.
 */

let version = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentVersion = () => version;

/** A child was added or removed: every mounted reader of the learners asks the server again. */
export function reloadLearners(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export type LearnersState =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: LearnersResponse }
  | { status: 'failed'; data: null };

const LOADING: LearnersState = { status: 'loading', data: null };

/**
 * The request under way, shared by the readers that mount together (the profile's three sections,
 * the sidebar): one GET /api/learners for them all. Forgotten once it settles, so a reader that
 * mounts later asks again and never shows an old answer.
 */
let inFlight: { key: string; promise: Promise<LearnersResponse> } | null = null;

function learnersFor(learnerId: string, wanted: number): Promise<LearnersResponse> {
  const key = `${learnerId}:${wanted}`;
  if (inFlight?.key === key) return inFlight.promise;
  const promise = fetchLearners();
  const request = { key, promise };
  inFlight = request;
  const forget = () => {
    if (inFlight === request) inFlight = null;
  };
  promise.then(forget, forget);
  return promise;
}

/**
 * GET /api/learners for the signed-in learner `learnerId` (null: nothing is read, e.g. for an
 * admin). A reload keeps the list shown until the new one arrives.
 */
export function useLearners(learnerId: string | null): LearnersState {
  const wanted = useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const [state, setState] = useState<LearnersState>(LOADING);

  useEffect(() => {
    if (learnerId === null) return;
    let unmounted = false;
    learnersFor(learnerId, wanted).then(
      (data) => {
        if (!unmounted) setState({ status: 'ready', data });
      },
      () => {
        if (unmounted) return;
        setState((current) => (current.status === 'ready' ? current : { status: 'failed', data: null }));
      },
    );
    return () => {
      unmounted = true;
    };
  }, [learnerId, wanted]);

  return learnerId === null ? LOADING : state;
}

/**
 * Makes `learnerId` the session's learner (POST /api/learners/{id}/select) and shows the app in
 * that learner's language before anything of theirs is drawn, as logging in does.
 */
export async function becomeLearner(learnerId: string): Promise<void> {
  await switchLearner(learnerId);
  const language = getSession().user?.language;
  if (language) await switchLanguage(language).catch(() => undefined);
}
