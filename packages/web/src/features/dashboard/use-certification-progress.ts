import { useEffect, useState } from 'react';
import type { CertificationProgress } from '@quizquest/shared';
import { ApiError } from '../../lib/api-client.ts';
import { onReconnect } from '../../lib/connection.ts';
import { fetchCertificationProgress } from './api.ts';

export interface CertificationProgressState {
  progress: CertificationProgress | null;
  /** The last load got no answer at all (no connection): the card says it waits for one. */
  offline: boolean;
}

/**
 * The learner's certification progress, loaded on mount and again whenever the window comes back
 * into view: quizzes open in another tab, so returning here must show the tile just earned.
 * A failed load is only logged (spec §8); the last good progress, if any, stays on screen. Without
 * a connection the card says so (issue 20) and loads again when the connection is back.
 */
export function useCertificationProgress(): CertificationProgressState {
  const [progress, setProgress] = useState<CertificationProgress | null>(null);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    let inFlight: AbortController | null = null;
    const load = () => {
      // Focus and visibilitychange arrive together when the tab is re-selected: one request.
      if (inFlight) return;
      const controller = new AbortController();
      inFlight = controller;
      fetchCertificationProgress(controller.signal)
        .then((loaded) => {
          setProgress(loaded);
          setOffline(false);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Failed to load certification progress', error);
          setOffline(error instanceof ApiError && error.status === 0);
        })
        .finally(() => {
          if (inFlight === controller) inFlight = null;
        });
    };
    const loadWhenVisible = () => {
      if (document.visibilityState === 'visible') load();
    };

    load();
    window.addEventListener('focus', load);
    const stopWaiting = onReconnect(load);
    document.addEventListener('visibilitychange', loadWhenVisible);
    return () => {
      window.removeEventListener('focus', load);
      stopWaiting();
      document.removeEventListener('visibilitychange', loadWhenVisible);
      inFlight?.abort();
      inFlight = null;
    };
  }, []);

  return { progress, offline };
}
