import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { clearPrefetched } from '../lib/prefetch.ts';

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
});
