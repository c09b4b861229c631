import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Toasts raised while no container was mounted wait in a queue; none may leak into the next test.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
