import { lazy, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import {
  loadAdminLayout,
  loadAdminLearnersPage,
  loadAdminQuizDashboardPage,
  loadAppLayout,
  loadChooseLearnerPage,
  loadDashboardPage,
  loadFamilyReportPage,
  loadForgotPasswordPage,
  loadLoginPage,
  loadMyCertificationsPage,
  loadPayPage,
  loadPinResetPage,
  loadPracticeQuizzesPage,
  loadPrivacyPage,
  loadProfilePage,
  loadQuizAttemptPage,
  loadQuizResultPage,
  loadResetPasswordPage,
  loadReviewPage,
  loadScoreboardPage,
  loadSignupPage,
  loadSubscribePage,
  loadVerifyCertificatePage,
  loadVerifyCredentialPage,
  loadVerifyEmailPage,
} from './page-loaders.ts';
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
                ...page(loadLoginPage, (m) => m.LoginPage),
              },
            ],
          },
          {
            path: 'signup',
            ...page(loadSignupPage, (m) => m.SignupPage),
          },
          {
            path: 'forgot-password',
            ...page(loadForgotPasswordPage, (m) => m.ForgotPasswordPage),
          },
          {
            path: 'verify-email',
            ...page(loadVerifyEmailPage, (m) => m.VerifyEmailPage),
          },
          {
            path: 'reset-password',
            ...page(loadResetPasswordPage, (m) => m.ResetPasswordPage),
          },
          {
            // Public as reset-password: the PIN reset e-mail may be opened on another device.
            path: 'pin/reset',
            ...page(loadPinResetPage, (m) => m.PinResetPage),
          },
          {
            path: 'privacy',
            ...page(loadPrivacyPage, (m) => m.PrivacyPage),
          },
          {
            // Public: anyone with a certificate's QR code or code can check it.
            path: 'certificates/verify/:code',
            ...page(loadVerifyCertificatePage, (m) => m.VerifyCertificatePage),
          },
          {
            // Public: anyone given a credential file (issue 21) checks it, pasted or uploaded.
            path: 'certificates/verify',
            ...page(loadVerifyCredentialPage, (m) => m.VerifyCredentialPage),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                // Family accounts (decision 035): who plays, chosen after logging in; no sidebar yet.
                path: 'choose-learner',
                ...page(loadChooseLearnerPage, (m) => m.ChooseLearnerPage),
              },
              {
                ...page(loadAppLayout, (m) => m.AppLayout),
                children: [
                  {
                    path: 'dashboard',
                    ...page(loadDashboardPage, (m) => m.DashboardPage),
                  },
                  {
                    path: 'quizzes',
                    ...page(loadPracticeQuizzesPage, (m) => m.PracticeQuizzesPage),
                  },
                  {
                    path: 'quizzes/attempt/:quizId',
                    ...page(loadQuizAttemptPage, (m) => m.QuizAttemptPage),
                  },
                  {
                    path: 'quizzes/result/:attemptId',
                    ...page(loadQuizResultPage, (m) => m.QuizResultPage),
                  },
                  {
                    path: 'review',
                    ...page(loadReviewPage, (m) => m.ReviewPage),
                  },
                  {
                    path: 'quizzes/my-attempts',
                    ...page(loadScoreboardPage, (m) => m.ScoreboardPage),
                  },
                  {
                    path: 'profile',
                    ...page(loadProfilePage, (m) => m.ProfilePage),
                  },
                  {
                    path: 'subscribe',
                    ...page(loadSubscribePage, (m) => m.SubscribePage),
                  },
                  {
                    // Where Pay leads for a plan without a payment link (decision 020).
                    path: 'subscribe/pay/:planId',
                    ...page(loadPayPage, (m) => m.PayPage),
                  },
                  {
                    path: 'my-certifications',
                    ...page(loadMyCertificationsPage, (m) => m.MyCertificationsPage),
                  },
                  {
                    // The parent's report on every child of the account (issue 19, decision 035).
                    path: 'family-report',
                    ...page(loadFamilyReportPage, (m) => m.FamilyReportPage),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                ...page(loadAdminLayout, (m) => m.AdminLayout),
                children: [
                  {
                    path: 'admin/quiz-dashboard',
                    ...page(loadAdminQuizDashboardPage, (m) => m.AdminQuizDashboardPage),
                  },
                  {
                    path: 'admin/learners',
                    ...page(loadAdminLearnersPage, (m) => m.AdminLearnersPage),
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
