import type { AdminLearnerRow, AdminQuizDetail, AdminQuizRow } from '@quizquest/shared';

/** Sample answers of the admin API for the admin pages' component tests. */
export function quizRow(overrides: Partial<AdminQuizRow> = {}): AdminQuizRow {
  return {
    _id: 'q1',
    title: 'Animals Around Us',
    category: 'Science',
    level: 0,
    subLevel: null,
    grades: ['c-3'],
    createdAt: '2026-03-14T06:30:00.000Z',
    updatedAt: '2026-03-14T06:30:00.000Z',
    totalAttempts: 7,
    totalQuestions: 2,
    ...overrides,
  };
}

export function quizList(quizzes: AdminQuizRow[], page = 1, total = quizzes.length, pageSize = 20) {
  return { quizzes, total, page, pageSize };
}

export function quizDetail(overrides: Partial<AdminQuizDetail> = {}): AdminQuizDetail {
  return {
    _id: 'q1',
    title: 'Animals Around Us',
    category: 'Science',
    grades: ['c-3', 'c-4'],
    level: 2,
    levelName: 'Level 2',
    subLevel: 'L2-C3',
    showByDefault: true,
    learnMoreLink: 'https://example.org/animals',
    attemptsAllowed: 5,
    questionsPerAttempt: null,
    version: 3,
    createdAt: '2026-03-14T06:30:00.000Z',
    updatedAt: '2026-03-15T06:30:00.000Z',
    totalAttempts: 7,
    questions: [
      {
        _id: '7d3c8a52-1f0e-4b6a-9c2d-5e8f1a0b3c4d',
        questionText: 'Which animal barks?',
        questionImage: '/api/media/m1',
        correctAnswerIndex: 2,
        options: [
          { type: 'text', value: 'Cat' },
          { type: 'text', value: 'Cow' },
          { type: 'image', value: '/api/media/m2' },
          { type: 'text', value: 'Fish' },
        ],
        explanation: 'Dogs bark to tell their family something.',
        keepOptionOrder: false,
        explanationImage: '/api/media/m3',
      },
    ],
    ...overrides,
  };
}

export function learnerRow(overrides: Partial<AdminLearnerRow> = {}): AdminLearnerRow {
  return {
    _id: 'u1',
    name: 'Priya Nair',
    first_name: 'Priya',
    last_name: 'Nair',
    email: 'priya@example.com',
    grade: 'c-3',
    isVerified: true,
    createdAt: '2026-01-02T10:00:00.000Z',
    plan: { id: 'free', name: 'Free Plan' },
    planEndsAt: null,
    certificationsEarned: 4,
    attemptsCount: 12,
    ...overrides,
  };
}
