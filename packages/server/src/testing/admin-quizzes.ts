import sharp from 'sharp';
import type { AdminQuizInput } from '@quizquest/shared';
import { insertUser, loginAs, type TestContext } from './index.ts';

/** Helpers of the admin API tests. */

export type Headers = { authorization: string };

export async function signIn(context: TestContext, role: 'learner' | 'admin', grade = 'c-4') {
  const user = await insertUser(context.database, { role, grade });
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

export const textOptions = (...values: string[]) => values.map((value) => ({ type: 'text' as const, value }));

/** A small PNG of one colour, as the bytes and as the data string a browser would send. */
export async function pngImage(colour: string, width = 4, height = 3) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { bytes, dataString: `data:image/png;base64,${bytes.toString('base64')}` };
}

/** A valid add body: a practice quiz of two questions for Class 4. */
export function quizBody(overrides: Partial<AdminQuizInput> = {}): AdminQuizInput {
  return {
    title: 'Planets',
    category: 'Space',
    grades: ['c-4'],
    level: 0,
    subLevel: '',
    showByDefault: false,
    learnMoreLink: 'https://example.org/planets',
    questions: [
      {
        questionText: 'Which planet is red?',
        questionImage: '',
        correctAnswerIndex: 1,
        options: textOptions('Venus', 'Mars', 'Earth', 'Jupiter'),
      },
      {
        questionText: 'Which planet has rings?',
        questionImage: null,
        correctAnswerIndex: 3,
        options: textOptions('Mercury', 'Mars', 'Earth', 'Saturn'),
      },
    ],
    ...overrides,
  };
}
