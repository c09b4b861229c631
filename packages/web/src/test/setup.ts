import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import english from 'virtual:quizquest-messages/en';
import { i18n } from '../i18n/i18n.ts';
import { clearParentPinProof } from '../lib/parent-pin-proof.ts';
import { clearPrefetched } from '../lib/prefetch.ts';

// Every test starts in English, the spec's language, with its words loaded (decision 034).
i18n.load('en', english);
i18n.activate('en');

// A page's first render loads its lazy modules; on a busy 2-core CI machine that can take longer
// than testing-library's 1 s default wait. Waiting longer changes no assertion, only patience.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Toasts raised while no container was mounted wait in a queue; none may leak into the next test.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  // API reads started for one test's page are never taken by the next test's.
  clearPrefetched();
  // A parent PIN proof lives in memory only: none may open the next test's guarded requests.
  clearParentPinProof();
  if (i18n.locale !== 'en') i18n.activate('en');
});
