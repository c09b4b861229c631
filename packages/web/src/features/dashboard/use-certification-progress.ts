import { useEffect, useState } from 'react';
import type { CertificationProgress } from '@quizquest/shared';
import { fetchCertificationProgress } from './api.ts';

/**
 * The learner's certification progress, loaded on mount and again whenever the window comes back
 * into view: quizzes open in another tab, so returning here must show the tile just earned.
 * A failed load is only logged (spec §8); the last good progress, if any, stays on screen.
 */
export function useCertificationProgress(): CertificationProgress | null {
  const [progress, setProgress] = useState<CertificationProgress | null>(null);

  useEffect(() => {
    let inFlight: AbortController | null = null;
    const load = () => {
      // Focus and visibilitychange arrive together when the tab is re-selected: one request.
      if (inFlight) return;
      const controller = new AbortController();
      inFlight = controller;
      fetchCertificationProgress(controller.signal)
        .then(setProgress)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('Failed to load certification progress', error);
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
    document.addEventListener('visibilitychange', loadWhenVisible);
    return () => {
      window.removeEventListener('focus', load);
      document.removeEventListener('visibilitychange', loadWhenVisible);
      inFlight?.abort();
      inFlight = null;
    };
  }, []);

  return progress;
}
