import { lazy, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomeRedirect, RequireAdmin, RequireAuth, SignedOutOnly } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * Route-level code splitting: a page's code is fetched when its route is first matched. React
 * Router's declarative mode keeps /login's first download in budget (decision 017).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  const handle: PageHandle = { preload: load };
  return { element: <Page />, handle };
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

/** The route table of spec §2 with the guards of spec §4; AppRoutes and the tests share it. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      {
        // Errors of a page show inside the root layout, so the session and toasts stay.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          // Always redirects; nothing renders at / itself.
          { index: true, element: <HomeRedirect /> },
          {
            element: <SignedOutOnly />,
            children: [
              {
                path: 'login',
                ...page(
                  () => import('../features/auth/pages/login-page.tsx'),
                  (m) => m.LoginPage,
                ),
              },
            ],
          },
          {
            path: 'signup',
            ...page(
              () => import('../features/auth/pages/signup-page.tsx'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: 'forgot-password',
            ...page(
              () => import('../features/auth/pages/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'verify-email',
            ...page(
              () => import('../features/auth/pages/verify-email-page.tsx'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: 'reset-password',
            ...page(
              () => import('../features/auth/pages/reset-password-page.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'privacy',
            ...page(
              () => import('../features/privacy/pages/privacy-page.tsx'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            // Public: anyone with a certificate's QR code or code can check it.
            path: 'certificates/verify/:code',
            ...page(
              () => import('../features/certification/pages/verify-certificate-page.tsx'),
              (m) => m.VerifyCertificatePage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                ...page(
                  () => import('./app-layout.tsx'),
                  (m) => m.AppLayout,
                ),
                children: [
                  {
                    path: 'dashboard',
                    ...page(
                      () => import('../features/dashboard/pages/dashboard-page.tsx'),
                      (m) => m.DashboardPage,
                    ),
                  },
                  {
                    path: 'quizzes',
                    ...page(
                      () => import('../features/quizzes/pages/practice-quizzes-page.tsx'),
                      (m) => m.PracticeQuizzesPage,
                    ),
                  },
                  {
                    path: 'quizzes/attempt/:quizId',
                    ...page(
                      () => import('../features/attempts/pages/quiz-attempt-page.tsx'),
                      (m) => m.QuizAttemptPage,
                    ),
                  },
                  {
                    path: 'quizzes/result/:attemptId',
                    ...page(
                      () => import('../features/attempts/pages/quiz-result-page.tsx'),
                      (m) => m.QuizResultPage,
                    ),
                  },
                  {
                    path: 'quizzes/my-attempts',
                    ...page(
                      () => import('../features/attempts/pages/scoreboard-page.tsx'),
                      (m) => m.ScoreboardPage,
                    ),
                  },
                  {
                    path: 'profile',
                    ...page(
                      () => import('../features/profile/pages/profile-page.tsx'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: 'subscribe',
                    ...page(
                      () => import('../features/plans/pages/subscribe-page.tsx'),
                      (m) => m.SubscribePage,
                    ),
                  },
                  {
                    path: 'my-certifications',
                    ...page(
                      () => import('../features/certification/pages/my-certifications-page.tsx'),
                      (m) => m.MyCertificationsPage,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                ...page(
                  () => import('../features/admin/components/admin-layout.tsx'),
                  (m) => m.AdminLayout,
                ),
                children: [
                  {
                    path: 'admin/quiz-dashboard',
                    ...page(
                      () => import('../features/admin/pages/quiz-dashboard-page.tsx'),
                      (m) => m.AdminQuizDashboardPage,
                    ),
                  },
                  {
                    path: 'admin/learners',
                    ...page(
                      () => import('../features/admin/pages/learners-page.tsx'),
                      (m) => m.AdminLearnersPage,
                    ),
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The app under a router: the route table (the tests may pass their own) inside the outermost
 * error page. Every page the address matches starts downloading at once, not layout after layout.
 */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const location = useLocation();
  for (const match of matchRoutes(table, location) ?? []) {
    const { handle } = match.route;
    if (isPageHandle(handle)) handle.preload().catch(() => undefined);
  }
  const element = useRoutes(table, location);
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}
