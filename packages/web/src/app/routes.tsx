import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page.tsx';
import { homeLoader, loginLoader, RequireAdmin, RequireAuth } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { BootFallback, RootLayout } from './root-layout.tsx';

/** Route-level code splitting: a page's code is fetched when its route is first matched. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The route table of spec §2 with the guards of spec §4; main.tsx and the tests share it. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      {
        // Errors of a page show inside the root layout, so the session and toasts stay.
        errorElement: <ErrorPage />,
        children: [
          // The loader always redirects; nothing renders at / itself.
          { index: true, loader: homeLoader, element: null },
          {
            path: 'login',
            loader: loginLoader,
            lazy: page(
              () => import('../features/auth/pages/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'signup',
            lazy: page(
              () => import('../features/auth/pages/signup-page.tsx'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: 'forgot-password',
            lazy: page(
              () => import('../features/auth/pages/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'verify-email',
            lazy: page(
              () => import('../features/auth/pages/verify-email-page.tsx'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('../features/auth/pages/reset-password-page.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('../features/privacy/pages/privacy-page.tsx'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            // Public: anyone with a certificate's QR code or code can check it.
            path: 'certificates/verify/:code',
            lazy: page(
              () => import('../features/certification/pages/verify-certificate-page.tsx'),
              (m) => m.VerifyCertificatePage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: page(
                  () => import('./app-layout.tsx'),
                  (m) => m.AppLayout,
                ),
                children: [
                  {
                    path: 'dashboard',
                    lazy: page(
                      () => import('../features/dashboard/pages/dashboard-page.tsx'),
                      (m) => m.DashboardPage,
                    ),
                  },
                  {
                    path: 'quizzes',
                    lazy: page(
                      () => import('../features/quizzes/pages/practice-quizzes-page.tsx'),
                      (m) => m.PracticeQuizzesPage,
                    ),
                  },
                  {
                    path: 'quizzes/attempt/:quizId',
                    lazy: page(
                      () => import('../features/attempts/pages/quiz-attempt-page.tsx'),
                      (m) => m.QuizAttemptPage,
                    ),
                  },
                  {
                    path: 'quizzes/result/:attemptId',
                    lazy: page(
                      () => import('../features/attempts/pages/quiz-result-page.tsx'),
                      (m) => m.QuizResultPage,
                    ),
                  },
                  {
                    path: 'quizzes/my-attempts',
                    lazy: page(
                      () => import('../features/attempts/pages/scoreboard-page.tsx'),
                      (m) => m.ScoreboardPage,
                    ),
                  },
                  {
                    path: 'profile',
                    lazy: page(
                      () => import('../features/profile/pages/profile-page.tsx'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: 'subscribe',
                    lazy: page(
                      () => import('../features/plans/pages/subscribe-page.tsx'),
                      (m) => m.SubscribePage,
                    ),
                  },
                  {
                    path: 'my-certifications',
                    lazy: page(
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
                lazy: page(
                  () => import('../features/admin/components/admin-layout.tsx'),
                  (m) => m.AdminLayout,
                ),
                children: [
                  {
                    path: 'admin/quiz-dashboard',
                    lazy: page(
                      () => import('../features/admin/pages/quiz-dashboard-page.tsx'),
                      (m) => m.AdminQuizDashboardPage,
                    ),
                  },
                  {
                    path: 'admin/learners',
                    lazy: page(
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
