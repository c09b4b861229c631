import { vi } from 'vitest';

/**
 * Fake timers that Testing Library's async helpers also understand: they look for a `jest`
 * global to know that they must move the clock themselves while they wait. The clock then moves
 * only when the test (or a waiting helper) moves it. Undone by the afterEach of setup.ts.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export function useRealClock(): void {
  vi.useRealTimers();
  vi.stubGlobal('jest', undefined);
}
