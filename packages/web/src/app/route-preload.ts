import { prefetch } from '../lib/prefetch.ts';
import { LEARNERS_PATH, LEARNING_SUMMARY_PATH } from '../lib/api-paths.ts';
import { getSession } from '../lib/session-store.ts';
import { QUIZ_HISTORY_PATH, quizPath, resultPath } from '../features/attempts/api-paths.ts';
import { CERTIFICATION_PROGRESS_PATH } from '../features/dashboard/api-paths.ts';
import { familyReportPath, FIRST_REPORT_DAYS } from '../features/report/api-paths.ts';
import {
  loadAppLayout,
  loadDashboardPage,
  loadFamilyReportPage,
  loadLoginPage,
  loadMyCertificationsPage,
  loadPracticeQuizzesPage,
  loadProfilePage,
  loadQuizAttemptPage,
  loadQuizResultPage,
  loadScoreboardPage,
  loadSubscribePage,
} from './page-loaders.ts';

type Params = Record<string, string>;

export interface PagePreload {
  /** A path of routes.tsx, with `:name` segments. */
  path: string;
  /** The page's code, and its layout's (routes.tsx renders the same functions). */
  load: Array<() => Promise<unknown>>;
  /** Behind RequireAuth: only with a stored token. */
  signedIn: boolean;
  /** The API reads the page makes on arrival, started with its code. */
  reads?: (params: Params) => string[];
}

/**
 * The pages a visit may start on that are worth starting before React runs: the signed-in pages
 * and /login. route-preload.test.tsx checks each against the route table (same path, same loaders).
 */
export const PAGE_PRELOADS: PagePreload[] = [
  { path: '/login', load: [loadLoginPage], signedIn: false },
  {
    path: '/dashboard',
    load: [loadAppLayout, loadDashboardPage],
    signedIn: true,
    reads: () => [CERTIFICATION_PROGRESS_PATH, LEARNING_SUMMARY_PATH],
  },
  {
    path: '/quizzes',
    load: [loadAppLayout, loadPracticeQuizzesPage],
    signedIn: true,
    reads: () => [LEARNING_SUMMARY_PATH],
  },
  {
    path: '/quizzes/attempt/:quizId',
    load: [loadAppLayout, loadQuizAttemptPage],
    signedIn: true,
    reads: ({ quizId = '' }) => [quizPath(quizId), QUIZ_HISTORY_PATH],
  },
  {
    path: '/quizzes/result/:attemptId',
    load: [loadAppLayout, loadQuizResultPage],
    signedIn: true,
    reads: ({ attemptId = '' }) => [resultPath(attemptId), QUIZ_HISTORY_PATH],
  },
  {
    path: '/quizzes/my-attempts',
    load: [loadAppLayout, loadScoreboardPage],
    signedIn: true,
    reads: () => [LEARNING_SUMMARY_PATH],
  },
  { path: '/profile', load: [loadAppLayout, loadProfilePage], signedIn: true },
  { path: '/subscribe', load: [loadAppLayout, loadSubscribePage], signedIn: true },
  { path: '/my-certifications', load: [loadAppLayout, loadMyCertificationsPage], signedIn: true },
  {
    // Without a PIN proof (none lives across a load): with a parent PIN set it is refused, the
    // page asks for the PIN and then reads the report again with the proof.
    path: '/family-report',
    load: [loadAppLayout, loadFamilyReportPage],
    signedIn: true,
    reads: () => [familyReportPath(FIRST_REPORT_DAYS)],
  },
];

/** `pattern`'s params when `pathname` matches it (as React Router matches: any case, trailing /). */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index] ?? '';
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== actual.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * Called once by main.tsx before React's code has arrived: starts the code of the page at
 * `pathname` and, for a signed-in visitor, the page's API reads, so they download beside the app
 * instead of one after the other (issue #8, bench:web). Unknown paths, and signed-in pages without a
 * token (they send to /login), start nothing. A learner's account also starts the layout's read of
 * its learners. The session check (/auth/me) is left to
 * AuthProvider: nothing on the page waits for it, and it would take one of the six connections.
 */
export function preloadRoute(pathname: string): void {
  const hasToken = getSession().token !== null;
  for (const preload of PAGE_PRELOADS) {
    const params = matchPath(preload.path, pathname);
    if (!params) continue;
    if (preload.signedIn && !hasToken) return;
    for (const load of preload.load) load().catch(() => undefined);
    if (!preload.signedIn) return;
    for (const path of preload.reads?.(params) ?? []) prefetch(path, pathname);
    // The layout's learner switch, on every signed-in page of a learner's account (not an admin's).
    if (getSession().user?.role === 'learner') prefetch(LEARNERS_PATH, pathname);
    return;
  }
}
