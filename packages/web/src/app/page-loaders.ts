/**
 * The code of each lazily loaded page: routes.tsx renders them, route-preload.ts starts the first
 * page's download before React's own code has arrived. The same function in both places, so both
 * ask for the same chunk.
 */
export const loadLoginPage = () => import('../features/auth/pages/login-page.tsx');
export const loadSignupPage = () => import('../features/auth/pages/signup-page.tsx');
export const loadForgotPasswordPage = () => import('../features/auth/pages/forgot-password-page.tsx');
export const loadVerifyEmailPage = () => import('../features/auth/pages/verify-email-page.tsx');
export const loadResetPasswordPage = () => import('../features/auth/pages/reset-password-page.tsx');
export const loadPinResetPage = () => import('../features/pin/pages/pin-reset-page.tsx');
export const loadPrivacyPage = () => import('../features/privacy/pages/privacy-page.tsx');
export const loadVerifyCertificatePage = () =>
  import('../features/certification/pages/verify-certificate-page.tsx');
export const loadVerifyCredentialPage = () =>
  import('../features/certification/pages/verify-credential-page.tsx');
export const loadChooseLearnerPage = () => import('../features/learners/pages/choose-learner-page.tsx');
export const loadAppLayout = () => import('./app-layout.tsx');
export const loadDashboardPage = () => import('../features/dashboard/pages/dashboard-page.tsx');
export const loadPracticeQuizzesPage = () => import('../features/quizzes/pages/practice-quizzes-page.tsx');
export const loadQuizAttemptPage = () => import('../features/attempts/pages/quiz-attempt-page.tsx');
export const loadQuizResultPage = () => import('../features/attempts/pages/quiz-result-page.tsx');
export const loadReviewPage = () => import('../features/attempts/pages/review-page.tsx');
export const loadScoreboardPage = () => import('../features/attempts/pages/scoreboard-page.tsx');
export const loadProfilePage = () => import('../features/profile/pages/profile-page.tsx');
export const loadSubscribePage = () => import('../features/plans/pages/subscribe-page.tsx');
export const loadPayPage = () => import('../features/plans/pages/pay-page.tsx');
export const loadMyCertificationsPage = () =>
  import('../features/certification/pages/my-certifications-page.tsx');
export const loadFamilyReportPage = () => import('../features/report/pages/family-report-page.tsx');
export const loadAdminLayout = () => import('../features/admin/components/admin-layout.tsx');
export const loadAdminQuizDashboardPage = () => import('../features/admin/pages/quiz-dashboard-page.tsx');
export const loadAdminLearnersPage = () => import('../features/admin/pages/learners-page.tsx');
