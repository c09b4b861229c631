import { isLanguage, type Role, type SessionUser } from '@quizquest/shared';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Reads a user from storage or from the API, by hand rather than with the shared zod schema: this
 * runs on every page, and zod stays out of the first download (the /login size budget).
 * Without an e-mail it is no user at all (spec §4: a corrupt stored user is discarded).
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const email = text(value.email).trim();
  if (email === '') return null;
  const role: Role = value.role === 'admin' ? 'admin' : 'learner';
  const firstName = text(value.first_name);
  const lastName = text(value.last_name);
  return {
    _id: text(value._id),
    email,
    role,
    name: text(value.name) || `${firstName} ${lastName}`.trim(),
    first_name: firstName,
    last_name: lastName,
    // Only an explicit false shows the 'not verified' banner.
    isVerified: value.isVerified !== false,
    completedQuizzes:
      typeof value.completedQuizzes === 'number' && Number.isFinite(value.completedQuizzes)
        ? value.completedQuizzes
        : 0,
    grade: text(value.grade),
    subscription: text(value.subscription) || 'free',
    // Sessions stored before decision 034 have none: the app then keeps the language shown.
    ...(isLanguage(value.language) ? { language: value.language } : {}),
  };
}
