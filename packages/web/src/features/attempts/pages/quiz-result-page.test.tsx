import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QuizHistoryResponse, QuizResultResponse } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';
// The routes load pages lazily: loaded up front, the first test does not wait for them to compile.
import '../../../app/app-layout.tsx';

const EXPLANATION_HEADING = "Let's learn";
const ANSWERS_HIDDEN_NOTE =
  'The correct answers are shown once you earn this certification or have no attempts left.';

// jsdom has no canvas: the stand-in shows what the page asked the confetti for.
vi.mock('react-confetti', () => ({
  default: (props: { numberOfPieces?: number; recycle?: boolean; tweenDuration?: number }) => (
    <div
      data-testid="confetti"
      data-pieces={props.numberOfPieces}
      data-recycle={String(props.recycle)}
      data-tween={props.tweenDuration}
    />
  ),
}));

const LOAD = { timeout: 5000 };
const QUIZ_ID = '0b7d4a52-8f1e-4a53-9c61-1f0f3c1f9a01';
const ATTEMPT_ID = '5f0c8a2e-2d4b-4b8e-8a9e-6c1e2f3a4b5c';

/** The questions as a revealing result has them; `isCorrect` is set per result from its answers. */
const questions: Array<
  Omit<QuizResultResponse['questions'][number], 'isCorrect'> & { correctAnswerIndex: number }
> = [
  {
    questionText: 'Which part of the computer looks like a TV screen?',
    questionImage: null,
    options: [
      { type: 'text', value: 'Mouse' },
      { type: 'text', value: 'Keyboard' },
      { type: 'text', value: 'Monitor' },
      { type: 'text', value: 'Speaker' },
    ],
    correctAnswerIndex: 2,
  },
  {
    questionText: 'Which part do we use to type letters?',
    questionImage: null,
    options: [
      { type: 'text', value: 'Monitor' },
      { type: 'text', value: 'Keyboard' },
    ],
    correctAnswerIndex: 1,
    explanation: 'The keyboard has a key for every letter, from A to Z.',
    explanationImage: '/api/media/keyboard-keys',
  },
  {
    questionText: 'Which picture shows three dots?',
    questionImage: '/api/media/count-question',
    options: [
      { type: 'image', value: '/api/media/count-2' },
      { type: 'image', value: '/api/media/count-3' },
    ],
    correctAnswerIndex: 1,
    // Explanations may be empty until the writers add them: the page then shows the answer only.
    explanation: null,
    explanationImage: null,
  },
];

/** A result as the server sends it: each answer marked, the key only when `revealed`. */
function resultOf(
  answers: number[],
  score: number,
  correctCount: number,
  revealed = true,
): QuizResultResponse {
  return {
    quizId: QUIZ_ID,
    quizTitle: 'Computers: Digital Explorer',
    score,
    correctCount,
    totalQuestions: 3,
    questions: questions.map(({ correctAnswerIndex, explanation, explanationImage, ...question }, index) => ({
      ...question,
      isCorrect: answers[index] === correctAnswerIndex,
      // The server sends the key and the explanation together, or neither (decision 029).
      ...(revealed
        ? { correctAnswerIndex, explanation: explanation ?? null, explanationImage: explanationImage ?? null }
        : {}),
    })),
    answers,
    answersRevealed: revealed,
    level: revealed ? 0 : 1,
    subLevel: revealed ? null : 'L1-C1',
    submittedAt: '2026-03-05T09:30:00.000Z',
  };
}

const twoOfThree = resultOf([2, 0, 1], 66.67, 2);
const perfect = resultOf([2, 1, 1], 100, 3);

function history(used: number, allowed = 3): QuizHistoryResponse {
  return {
    attempts: [],
    maxQuizLimit: 10,
    distinctQuizzesAttempted: 1,
    quizLimits: { [QUIZ_ID]: allowed },
    attemptCounts: { [QUIZ_ID]: used },
    nextBefore: null,
  };
}

async function openResult(
  result: MockHandler,
  historyReply: MockHandler = { body: history(1) },
  heading = 'Quiz Result',
) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    [`GET /api/quizzes/result/${ATTEMPT_ID}`]: result,
    'GET /api/quizzes/history': historyReply,
  });
  storeSession();
  const app = renderApp(`/quizzes/result/${ATTEMPT_ID}`);
  await screen.findByRole('heading', { level: 1, name: heading }, LOAD);
  return { ...app, ...fetch };
}

function stubSpeech(voices = [{ name: 'Google UK English Female', lang: 'en-GB' }]) {
  const synth = {
    speak: vi.fn(),
    cancel: vi.fn(),
    getVoices: vi.fn(() => voices),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  class Utterance {
    voice: unknown = null;
    lang = '';
    rate = 0;
    pitch = 0;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return synth;
}

describe('quiz result page', () => {
  it('shows Loading result... and then the title, a star per correct answer, the score and the count', async () => {
    const reply = deferred<MockReply>();
    await openResult(() => reply.promise);
    expect(screen.getByText('Loading result...')).toBeInTheDocument();
    reply.resolve({ body: twoOfThree });

    expect(await screen.findByText('Computers: Digital Explorer', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2 stars out of 3' })).toBeInTheDocument();
    expect(document.querySelectorAll('.result-summary .star-earned')).toHaveLength(2);
    expect(screen.getByText('66.67%')).toBeInTheDocument();
    expect(screen.getByText('2 / 3 correct')).toBeInTheDocument();
  });

  it('marks each chosen answer correct or incorrect and shows the right one', async () => {
    await openResult({ body: twoOfThree });
    await screen.findByText('66.67%', {}, LOAD);
    const questionItems = [...document.querySelectorAll<HTMLElement>('.result-question')];
    expect(questionItems).toHaveLength(3);

    const [first, second, third] = questionItems as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Correct')).toHaveClass('verdict-correct');
    const monitor = within(first).getByText('Monitor').closest('li') as HTMLElement;
    expect(within(monitor).getByText('Your answer')).toBeInTheDocument();
    expect(within(monitor).getByText('Correct answer')).toBeInTheDocument();

    expect(within(second).getByText('Incorrect')).toHaveClass('verdict-incorrect');
    const chosen = within(second).getByText('Monitor').closest('li') as HTMLElement;
    expect(within(chosen).getByText('Your answer')).toBeInTheDocument();
    expect(within(chosen).queryByText('Correct answer')).not.toBeInTheDocument();
    const secondOptions = second.querySelector('.result-options') as HTMLElement;
    const right = within(secondOptions).getByText('Keyboard').closest('li') as HTMLElement;
    expect(within(right).getByText('Correct answer')).toBeInTheDocument();

    expect(within(third).getByRole('img', { name: 'Picture for question 3' })).toBeInTheDocument();
    const pictureB = within(third).getByRole('img', { name: 'Picture B' }).closest('li') as HTMLElement;
    expect(within(pictureB).getByText('Your answer')).toBeInTheDocument();
    expect(within(pictureB).getByText('Correct answer')).toBeInTheDocument();
  });

  it('marks each answer of a certification result without revealing the correct options', async () => {
    await openResult({ body: resultOf([2, 0, 1], 66.67, 2, false) });
    await screen.findByText('66.67%', {}, LOAD);
    expect(screen.getByText(ANSWERS_HIDDEN_NOTE)).toBeInTheDocument();
    const [first, second, third] = [...document.querySelectorAll<HTMLElement>('.result-question')] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // Right answers: marked correct, and the chosen option is the correct one.
    expect(within(first).getByText('Correct')).toHaveClass('verdict-correct');
    const monitor = within(first).getByText('Monitor').closest('li') as HTMLElement;
    expect(within(monitor).getByText('Your answer')).toBeInTheDocument();
    expect(within(monitor).getByText('Correct answer')).toBeInTheDocument();
    expect(within(third).getByText('Correct')).toHaveClass('verdict-correct');
    // A wrong answer: marked incorrect, and no other option is named the correct one.
    expect(within(second).getByText('Incorrect')).toHaveClass('verdict-incorrect');
    const chosen = within(second).getByText('Monitor').closest('li') as HTMLElement;
    expect(chosen).toHaveClass('result-option-wrong');
    expect(within(second).queryByText('Correct answer')).not.toBeInTheDocument();
    expect(second.querySelector('.result-option-correct')).toBeNull();
  });

  it("under a wrong answer shows Let's learn: the correct answer and the explanation, read aloud on request", async () => {
    const synth = stubSpeech();
    await openResult({ body: twoOfThree });
    await screen.findByText('66.67%', {}, LOAD);
    const [first, second, third] = [...document.querySelectorAll<HTMLElement>('.result-question')] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // Right answers get no explanation block.
    expect(within(first).queryByRole('heading', { name: EXPLANATION_HEADING })).not.toBeInTheDocument();
    expect(within(third).queryByRole('heading', { name: EXPLANATION_HEADING })).not.toBeInTheDocument();

    const block = within(second).getByRole('region', { name: EXPLANATION_HEADING });
    expect(within(block).getByRole('heading', { level: 4 })).toHaveTextContent("Let's learn");
    expect(block).toHaveTextContent(/Correct answer:\s*B\s*Keyboard/);
    expect(
      within(block).getByText('The keyboard has a key for every letter, from A to Z.'),
    ).toBeInTheDocument();
    expect(within(block).getByRole('img', { name: 'Picture that explains question 2' })).toHaveAttribute(
      'src',
      '/api/media/keyboard-keys',
    );
    // The chosen answer stays marked incorrect.
    expect(within(second).getByText('Incorrect')).toHaveClass('verdict-incorrect');

    const read = within(block).getByRole('button', { name: 'Read aloud the answer to question 2' });
    read.click();
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const utterance = synth.speak.mock.calls[0]?.[0] as { text: string; rate: number; pitch: number };
    expect(utterance.text).toBe(
      'Question 2. The correct answer is B: Keyboard. The keyboard has a key for every letter, from A to Z.',
    );
    expect([utterance.rate, utterance.pitch]).toEqual([1, 1.2]);
    expect(
      await within(block).findByRole('button', { name: 'Stop reading the answer to question 2' }),
    ).toBeInTheDocument();
  });

  it('without an explanation shows only the correct answer (a picture option by its picture)', async () => {
    stubSpeech();
    await openResult({ body: resultOf([2, 1, 0], 66.67, 2) });
    await screen.findByText('66.67%', {}, LOAD);
    const third = [...document.querySelectorAll<HTMLElement>('.result-question')][2] as HTMLElement;
    const block = within(third).getByRole('region', { name: EXPLANATION_HEADING });
    expect(within(block).getByRole('img', { name: 'Picture B' })).toHaveAttribute(
      'src',
      '/api/media/count-3',
    );
    expect(block.querySelector('.result-explanation-text')).toBeNull();
    expect(within(block).queryByRole('img', { name: /explains/ })).not.toBeInTheDocument();
    within(block).getByRole('button', { name: 'Read aloud the answer to question 3' }).click();
    const synth = window.speechSynthesis as unknown as { speak: { mock: { calls: unknown[][] } } };
    expect((synth.speak.mock.calls[0]?.[0] as { text: string }).text).toBe(
      'Question 3. The correct answer is picture B.',
    );
  });

  it('shows no explanation and no correct answer under a wrong answer while the answers are hidden', async () => {
    stubSpeech();
    await openResult({ body: resultOf([2, 0, 1], 66.67, 2, false) });
    await screen.findByText('66.67%', {}, LOAD);
    expect(screen.queryByRole('heading', { name: EXPLANATION_HEADING })).not.toBeInTheDocument();
    expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Read aloud the answer/ })).not.toBeInTheDocument();
  });

  it('shows no note about hidden answers when they are revealed', async () => {
    await openResult({ body: twoOfThree });
    await screen.findByText('66.67%', {}, LOAD);
    expect(screen.queryByText(ANSWERS_HIDDEN_NOTE)).not.toBeInTheDocument();
  });

  it('offers Re-Attempt (N left) and Back to Scoreboard, with no confetti and no Next Quiz below 100', async () => {
    await openResult({ body: twoOfThree }, { body: history(1) });
    const again = await screen.findByRole('link', { name: 'Re-Attempt (2 left)' }, LOAD);
    expect(again).toHaveAttribute('href', `/quizzes/attempt/${QUIZ_ID}`);
    expect(screen.getByRole('link', { name: 'Back to Scoreboard' })).toHaveAttribute(
      'href',
      '/quizzes/my-attempts',
    );
    expect(screen.queryByRole('link', { name: 'Next Quiz >' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it('offers Upgrade Now instead of a practice re-attempt at the distinct-quiz cap (decision 023)', async () => {
    await openResult({ body: twoOfThree }, { body: { ...history(1), distinctQuizzesAttempted: 10 } });
    expect(await screen.findByRole('link', { name: 'Upgrade Now' }, LOAD)).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('link', { name: /Re-Attempt/ })).not.toBeInTheDocument();
  });

  it('offers Upgrade Now instead of a re-attempt when no attempts are left', async () => {
    await openResult({ body: twoOfThree }, { body: history(3) });
    expect(await screen.findByRole('link', { name: 'Upgrade Now' }, LOAD)).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('link', { name: /Re-Attempt/ })).not.toBeInTheDocument();
  });

  it('celebrates a 100 score: 400 pieces of confetti without recycling, and Next Quiz > to /dashboard', async () => {
    await openResult({ body: perfect }, { body: history(1) });
    const confetti = await screen.findByTestId('confetti', {}, LOAD);
    expect(confetti).toHaveAttribute('data-pieces', '400');
    expect(confetti).toHaveAttribute('data-recycle', 'false');
    // All 400 are out within the first second (the library's default spreads them over 5 s).
    expect(Number(confetti.getAttribute('data-tween'))).toBeLessThanOrEqual(1000);
    expect(screen.queryByTestId('still-celebration')).not.toBeInTheDocument();
    expect(screen.getByText('100.00%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 stars out of 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next Quiz >' })).toHaveAttribute('href', '/dashboard');
  });

  it('celebrates a 100 score with a still picture instead of moving confetti when less motion is asked for', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    await openResult({ body: perfect }, { body: history(1) });
    expect(await screen.findByTestId('still-celebration', {}, LOAD)).toHaveAttribute('aria-hidden', 'true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load result or history.' when the result fails", async () => {
    await openResult({ status: 404, body: { message: 'Result not found' } });
    expect(await screen.findByText('Failed to load result or history.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Scoreboard' })).toBeInTheDocument();
  });

  it("shows 'Failed to load result or history.' when the history fails", async () => {
    await openResult({ body: twoOfThree }, { status: 500, body: { message: 'Internal Server Error' } });
    expect(await screen.findByText('Failed to load result or history.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('66.67%')).not.toBeInTheDocument();
  });
});

describe('quiz result page in Hindi', () => {
  const hindiResult: QuizResultResponse = {
    ...twoOfThree,
    questions: twoOfThree.questions.map((question, index) =>
      index === 1
        ? {
            ...question,
            options: [
              { type: 'text', value: 'माउस' },
              { type: 'text', value: 'कीबोर्ड' },
            ],
            explanation: 'कीबोर्ड पर हर अक्षर की एक कुंजी होती है।',
          }
        : question,
    ),
  };

  it('shows the score, the answers and what to do next in Hindi', async () => {
    showInHindi();
    await openResult({ body: twoOfThree }, { body: history(1) }, 'क्विज़ का नतीजा');
    expect(await screen.findByText('3 में से 2 सही', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 में से 2 सितारे' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'फिर से प्रयास करें (2 बाकी)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'आपके जवाब' })).toBeInTheDocument();
    expect(screen.getAllByText('गलत').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { name: 'चलिए सीखें' }).length).toBeGreaterThan(0);
    expect(document.title).toBe('क्विज़ का नतीजा | QuizQuest');
  });

  it('reads a Hindi explanation in a Hindi voice, and says so where there is none', async () => {
    const synth = stubSpeech([
      { name: 'Google UK English Female', lang: 'en-GB' },
      { name: 'Google हिन्दी', lang: 'hi-IN' },
    ]);
    showInHindi();
    const { user } = await openResult({ body: hindiResult }, { body: history(1) }, 'क्विज़ का नतीजा');
    await user.click(await screen.findByRole('button', { name: 'सवाल 2 का जवाब पढ़कर सुनाएँ' }, LOAD));
    const utterance = synth.speak.mock.calls[0]?.[0] as { text: string; voice: { name: string } | null };
    expect(utterance.text).toBe('सवाल 2। सही जवाब है B: कीबोर्ड। कीबोर्ड पर हर अक्षर की एक कुंजी होती है।');
    expect(utterance.voice?.name).toBe('Google हिन्दी');
  });

  it('never reads a Hindi explanation with an English voice', async () => {
    const synth = stubSpeech();
    showInHindi();
    const { user } = await openResult({ body: hindiResult }, { body: history(1) }, 'क्विज़ का नतीजा');
    const button = await screen.findByRole(
      'button',
      { name: 'सवाल 2 का जवाब पढ़कर नहीं सुनाया जा सकता: इस डिवाइस पर हिन्दी आवाज़ नहीं है' },
      LOAD,
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(synth.speak).not.toHaveBeenCalled();
  });
});
