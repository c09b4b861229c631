import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CertificationProgress, SessionUser } from '@quizquest/shared';
import { routes } from '../../../app/routes.tsx';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { learningSummaryOf } from '../../../test/learning.ts';
import { currentPath, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import { TOUR_COMPLETED_KEY } from '../tour.ts';
import { displayName } from './dashboard-page.tsx';

// jsdom has no canvas: the celebration is stood in for by a marker the tests can see.
vi.mock('react-confetti', () => ({ default: () => <canvas data-testid="confetti" /> }));

const BANNER = 'Your email is not verified. Please check your inbox and verify your account.';
const LOADING = 'Loading certification progress...';

function certs(level: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    certId: `L${level}-C${index + 1}`,
    level,
    completed: true,
    earnedAt: '2026-03-01T10:00:00.000Z',
  }));
}

function progressOf(overrides: Partial<CertificationProgress> = {}): CertificationProgress {
  return {
    currentLevel: 1,
    levelName: 'Level 1',
    certificationsCompletedInLevel: 3,
    totalRequired: 10,
    certifications: certs(1, 3),
    nextQuiz: { _id: 'quiz-l1-c4', subLevel: 'L1-C4', title: 'Shape Shifter' },
    allowedLevel: 1,
    completedQuizzes: 3,
    completedLevels: [],
    ...overrides,
  };
}

const freeProgress = progressOf({
  certificationsCompletedInLevel: 0,
  certifications: [],
  nextQuiz: { _id: 'quiz-l1-c1', subLevel: 'L1-C1', title: 'Alphabet Adventurer' },
  allowedLevel: 0,
  completedQuizzes: 0,
  subscription_message:
    'Your Free Plan does not include certification levels. Upgrade your plan to unlock this level.',
});

interface Options {
  user?: SessionUser;
  progress?: MockHandler;
  tourSeen?: boolean;
  other?: Record<string, MockHandler>;
}

async function dashboard({
  user = learner,
  progress = { body: progressOf() },
  tourSeen = true,
  other,
}: Options = {}) {
  const fetches = mockFetch({
    'GET /api/auth/me': { body: user },
    'GET /api/certification/progress': progress,
    ...other,
  });
  storeSession(user);
  if (tourSeen) localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
  const app = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1 });
  return { ...app, ...fetches };
}

const card = () => screen.getByRole('region', { name: /Certification Progress$/ });
const tiles = () => within(screen.getByRole('list', { name: /sub-levels$/ })).getAllByRole('listitem');

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

describe('dashboard header and banners', () => {
  it('welcomes the learner by first name, linking to /profile, with the subtext', async () => {
    const heading = (await dashboard()).getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Welcome, Asha');
    expect(screen.getByRole('link', { name: 'Welcome, Asha' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('Ready to learn something new today?')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | QuizQuest');
  });

  it('falls back from first name to name to e-mail to Explorer', () => {
    expect(displayName({ ...learner, first_name: '' })).toBe('Asha Rao');
    expect(displayName({ ...learner, first_name: ' ', name: '' })).toBe('asha.parent@example.com');
    expect(displayName({ ...learner, first_name: '', name: '', email: '' })).toBe('Explorer');
    expect(displayName(null)).toBe('Explorer');
  });

  it('shows the verification banner to an unverified user only', async () => {
    await dashboard({ user: { ...learner, isVerified: false } });
    expect(screen.getByText(BANNER)).toBeInTheDocument();
  });

  it('shows no verification banner to a verified user', async () => {
    await dashboard();
    await screen.findByText('3 / 10 Certifications Completed');
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('shows no verification banner right after the verification link, before the stored user catches up', async () => {
    const unverified = { ...learner, isVerified: false };
    mockFetch({
      'GET /api/auth/me': { body: unverified },
      'GET /api/certification/progress': { body: progressOf() },
    });
    storeSession(unverified);
    localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/dashboard', state: { emailVerified: true } }],
    });
    render(<RouterProvider router={router} />);
    await screen.findByText('3 / 10 Certifications Completed');
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('offers the certificate download only from 10 completed quizzes, downloading /certificates/download', async () => {
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { callsTo } = await dashboard({
      user: { ...learner, completedQuizzes: 0 },
      progress: { body: progressOf({ completedQuizzes: 10 }) },
      other: { 'GET /api/certificates/download': { body: { pdf: true } } },
    });
    const banner = (await screen.findByText('You earned a certificate!')).closest('div');
    if (!banner) throw new Error('no banner');
    await userClick(within(banner).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:certificate'));
    const [call] = callsTo('GET', '/api/certificates/download');
    expect(call?.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('shows no certificate banner below 10, trusting the progress over the stored user', async () => {
    await dashboard({
      user: { ...learner, completedQuizzes: 12 },
      progress: { body: progressOf({ completedQuizzes: 9 }) },
    });
    await screen.findByText('3 / 10 Certifications Completed');
    expect(screen.queryByText('You earned a certificate!')).not.toBeInTheDocument();
  });
});

describe('the dashboard in Hindi (issue 18)', () => {
  it('greets, shows the level card, its sub-levels and the streak in Hindi', async () => {
    showInHindi();
    await dashboard({
      user: { ...learner, isVerified: false },
      progress: { body: progressOf({ completedQuizzes: 10 }) },
      other: {
        'GET /api/learning/summary': { body: learningSummaryOf(3, 0) },
      },
    });
    expect(screen.getByRole('link', { name: 'नमस्ते, Asha' })).toHaveAttribute('href', '/profile');
    expect(document.title).toBe('डैशबोर्ड | QuizQuest');
    expect(screen.getByText(/आपके ईमेल की पुष्टि अभी नहीं हुई है/)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'लेवल 1: सर्टिफ़िकेशन की प्रगति' });
    expect(screen.getByRole('button', { name: 'डाउनलोड करें' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '10 में से 3 सर्टिफ़िकेशन पूरे' })).toBeInTheDocument();
    const subLevels = within(screen.getByRole('list', { name: 'लेवल 1 के सब-लेवल' })).getAllByRole('listitem');
    expect(subLevels[0]).toHaveTextContent('L1-C1 अक्षर खोजी ✅ पूरा हुआ');
    expect(subLevels[9]).toHaveTextContent('L1-C10 दयालुता सितारा 🔒 लॉक है');
    expect(screen.getByRole('link', { name: /आकार जादूगर.*क्लिक करके शुरू करें/ })).toHaveAttribute(
      'href',
      '/quizzes/attempt/quiz-l1-c4',
    );
    const streak = await screen.findByRole('region', { name: 'आपके सीखने के दिन' });
    expect(streak).toHaveTextContent('लगातार 3 दिन');
    expect(streak).toHaveTextContent('आज का लक्ष्य: 1 क्विज़');
    expect(screen.queryByText(/Certification|Welcome/)).not.toBeInTheDocument();
  });
});

async function userClick(element: HTMLElement) {
  const { default: userEvent } = await import('@testing-library/user-event');
  await userEvent.setup().click(element);
}

describe('certification progress card', () => {
  it("shows 'Loading certification progress...' until the progress arrives", async () => {
    const answer = deferred<MockReply>();
    await dashboard({ progress: () => answer.promise });
    expect(screen.getByText(LOADING)).toBeInTheDocument();
    answer.resolve({ body: progressOf() });
    await screen.findByText('3 / 10 Certifications Completed');
    expect(screen.queryByText(LOADING)).not.toBeInTheDocument();
  });

  it('keeps the loading text when the progress cannot be loaded, and only logs the failure', async () => {
    await dashboard({ progress: { status: 500, body: { message: 'Something broke' } } });
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByText(LOADING)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an answer outside the contract as a failure', async () => {
    await dashboard({ progress: { body: { currentLevel: 'one' } } });
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByText(LOADING)).toBeInTheDocument();
  });

  it("shows a locked level with the plan's message and '🔓 Upgrade Plan' to /subscribe, every tile locked", async () => {
    const { router, user } = await dashboard({ progress: { body: freeProgress } });
    await screen.findByRole('heading', { name: 'Level 1 Certification Progress' });
    expect(within(card()).getAllByText('🔒 Locked')).toHaveLength(11);
    expect(screen.getByText(freeProgress.subscription_message ?? '')).toBeInTheDocument();
    expect(screen.queryByText('📘 Click to Start')).not.toBeInTheDocument();
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument();
    expect(screen.getByText('0 / 10 Certifications Completed')).toBeInTheDocument();
    expect(tiles().map((tile) => tile.textContent)).toEqual([
      'L1-C1 Alphabet Adventurer 🔒 Locked',
      'L1-C2 Number Ninja 🔒 Locked',
      'L1-C3 Color Explorer 🔒 Locked',
      'L1-C4 Shape Shifter 🔒 Locked',
      'L1-C5 Animal Expert 🔒 Locked',
      'L1-C6 Sound Sleuth 🔒 Locked',
      'L1-C7 Pattern Detective 🔒 Locked',
      'L1-C8 Story Starter 🔒 Locked',
      'L1-C9 Nature Navigator 🔒 Locked',
      'L1-C10 Kindness Champion 🔒 Locked',
    ]);

    await user.click(within(card()).getByRole('link', { name: '🔓 Upgrade Plan' }));
    await screen.findByRole('heading', { name: 'Upgrade Your Plan' });
    expect(currentPath(router)).toBe('/subscribe');
  });

  it("falls back to 'Upgrade your plan to unlock this level.' without a plan message", async () => {
    await dashboard({ progress: { body: { ...freeProgress, subscription_message: undefined } } });
    expect(await screen.findByText('Upgrade your plan to unlock this level.')).toBeInTheDocument();
  });

  it('shows an open level in progress: bar, count, completed tiles and the one to start in a new tab', async () => {
    await dashboard();
    await screen.findByRole('heading', { name: 'Level 1 Certification Progress' });
    expect(within(card()).getByText('✅ In Progress')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: '3 / 10 Certifications Completed' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(bar.firstElementChild).toHaveStyle({ width: '30%' });

    const states = tiles().map((tile) => tile.querySelector('.tile-state')?.textContent);
    expect(states).toEqual([
      '✅ Completed',
      '✅ Completed',
      '✅ Completed',
      '📘 Click to Start',
      ...Array<string>(6).fill('🔒 Locked'),
    ]);
    const start = screen.getByRole('link', { name: /Shape Shifter.*Click to Start/ });
    expect(start).toHaveAttribute('href', '/quizzes/attempt/quiz-l1-c4');
    expect(start).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('link', { name: /Click to Start/ })).toHaveLength(1);
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('link', { name: '🔓 Upgrade Plan' })).not.toBeInTheDocument();
  });

  it('refreshes when the window gets the focus back (a quiz was taken in another tab)', async () => {
    let answer = progressOf();
    const { callsTo } = await dashboard({ progress: () => ({ body: answer }) });
    await screen.findByText('3 / 10 Certifications Completed');
    answer = progressOf({
      certificationsCompletedInLevel: 4,
      certifications: certs(1, 4),
      nextQuiz: { _id: 'quiz-l1-c5', subLevel: 'L1-C5', title: 'Animal Expert' },
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText('4 / 10 Certifications Completed');
    expect(screen.getByRole('link', { name: /Animal Expert.*Click to Start/ })).toHaveAttribute(
      'href',
      '/quizzes/attempt/quiz-l1-c5',
    );
    // focus and visibilitychange together: one more request, not two.
    expect(callsTo('GET', '/api/certification/progress')).toHaveLength(2);
  });

  it('congratulates on a complete level with confetti and opens its certificate', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, callsTo } = await dashboard({
      progress: {
        body: progressOf({
          currentLevel: 10,
          levelName: 'Level 10',
          certificationsCompletedInLevel: 10,
          certifications: certs(10, 10),
          nextQuiz: null,
          allowedLevel: 10,
          completedQuizzes: 100,
          completedLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        }),
      },
      other: {
        'GET /api/certification/view': { status: 503, body: { message: 'Certificates are resting' } },
      },
    });
    expect(await screen.findByText('🎉 Congratulations! Level 10 Completed!')).toBeInTheDocument();
    expect(screen.getByText('10 / 10 Certifications Completed')).toBeInTheDocument();
    expect(await screen.findByTestId('confetti')).toBeInTheDocument();
    expect(screen.getAllByText('✅ Completed')).toHaveLength(10);
    expect(tiles().at(-1)).toHaveTextContent('Next Gen Genius');

    await user.click(screen.getByRole('button', { name: '🎓 View Level 10 Certificate' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Certificates are resting'));
    const [call] = callsTo('GET', '/api/certification/view');
    expect(call?.search).toBe('?level=10');
    expect(tab.close).toHaveBeenCalled();
  });

  it('celebrates a complete level with a still picture, not moving confetti, when less motion is asked for', async () => {
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
    await dashboard({
      progress: {
        body: progressOf({
          certificationsCompletedInLevel: 10,
          certifications: certs(1, 10),
          nextQuiz: null,
          completedQuizzes: 10,
          completedLevels: [1],
        }),
      },
    });
    expect(await screen.findByText('🎉 Congratulations! Level 1 Completed!')).toBeInTheDocument();
    expect(screen.getByTestId('still-celebration')).toHaveAttribute('aria-hidden', 'true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  });

  it('shows the finished level of a plan rather than the next level it cannot start, with the upgrade beside it', async () => {
    await dashboard({
      progress: {
        body: progressOf({
          currentLevel: 2,
          levelName: 'Level 2',
          certificationsCompletedInLevel: 0,
          certifications: [],
          nextQuiz: { _id: 'quiz-l2-c1', subLevel: 'L2-C1', title: 'Word Wizard' },
          allowedLevel: 1,
          completedQuizzes: 10,
          completedLevels: [1],
          subscription_message: 'Your Starter Plan includes Level 1. Upgrade your plan to unlock this level.',
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Level 1 Certification Progress' });
    expect(within(card()).getByText('✅ In Progress')).toBeInTheDocument();
    expect(screen.getByText('🎉 Congratulations! Level 1 Completed!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '🎓 View Level 1 Certificate' })).toBeInTheDocument();
    expect(screen.getByText('10 / 10 Certifications Completed')).toBeInTheDocument();
    expect(screen.getAllByText('✅ Completed')).toHaveLength(10);
    expect(screen.getByText(/^Ready for Level 2\? Your Starter Plan includes Level 1\./)).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: '🔓 Upgrade Plan' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.getByText('You earned a certificate!')).toBeInTheDocument();
  });

  it('a level done but locked (plan ended) shows no congratulations', async () => {
    await dashboard({
      progress: {
        body: progressOf({
          currentLevel: 10,
          levelName: 'Level 10',
          certificationsCompletedInLevel: 10,
          certifications: certs(10, 10),
          nextQuiz: null,
          allowedLevel: 0,
          completedQuizzes: 100,
          completedLevels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        }),
      },
    });
    await screen.findByText('10 / 10 Certifications Completed');
    expect(within(card()).getAllByText('🔒 Locked')).toHaveLength(1);
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument();
  });
});

// The tour moves from step to step on the library's own timers: these tests take seconds.
describe('dashboard tour', { timeout: 30_000 }, () => {
  const STEP_ONE = 'This is your main navigation. Use it to move between different pages.';

  it('starts only once the progress has loaded', async () => {
    const answer = deferred<MockReply>();
    await dashboard({ tourSeen: false, progress: () => answer.promise });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    answer.resolve({ body: progressOf() });
    expect(await screen.findByRole('alertdialog', {}, { timeout: 4000 })).toHaveTextContent(STEP_ONE);
  });

  it('is skipped with Skip, stores the flag and is not shown again', async () => {
    const first = await dashboard({ tourSeen: false });
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 4000 });
    expect(dialog).toHaveTextContent(STEP_ONE);
    await first.user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBe('true');

    first.unmount();
    await dashboard({ tourSeen: false });
    await screen.findByText('3 / 10 Certifications Completed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  const tooltip = async (notText?: string) =>
    waitFor(
      () => {
        const dialog = screen.getByRole('alertdialog');
        const text = dialog.querySelector('#joyride-tooltip-content')?.textContent ?? '';
        if (text === '' || text === notText) throw new Error(`still on '${text}'`);
        return { dialog, text };
      },
      { timeout: 4000 },
    );

  /** Spec §4: Next (Finish on the last step), Back and Skip on every step; Back is disabled on the first. */
  const expectTourButtons = (dialog: HTMLElement, index: number) => {
    const primary = within(dialog).getByRole('button', { name: index === 8 ? 'Finish' : 'Next' });
    expect(primary).toBeEnabled();
    const back = within(dialog).getByRole('button', { name: 'Back' });
    if (index === 1) expect(back).toBeDisabled();
    else expect(back).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Skip' })).toBeEnabled();
  };

  it('walks the 8 steps with Next and Back, and stores the flag on Finish', async () => {
    const { user } = await dashboard({ tourSeen: false });
    const press = async (dialog: HTMLElement, name: string) =>
      user.click(within(dialog).getByRole('button', { name }));

    const texts: string[] = [];
    let step = await tooltip();
    expectTourButtons(step.dialog, 1);
    await press(step.dialog, 'Back');
    expect((await tooltip()).text).toBe(STEP_ONE);
    texts.push(step.text);
    for (let index = 2; index <= 8; index += 1) {
      await press(step.dialog, 'Next');
      step = await tooltip(step.text);
      expectTourButtons(step.dialog, index);
      texts.push(step.text);
      if (index === 2) {
        await press(step.dialog, 'Back');
        const back = await tooltip(step.text);
        expect(back.text).toBe(STEP_ONE);
        await press(back.dialog, 'Next');
        step = await tooltip(STEP_ONE);
        expect(step.text).toBe(texts[1]);
      }
    }
    const dialog = step.dialog;
    expect(texts[0]).toBe(STEP_ONE);
    expect(texts[5]).toBe('Check historical scores for each quiz attempted till date.');
    expect(texts[6]).toBe('Manage your profile and upgrade your subscription plan.');
    expect(texts[7]).toBe('If you reach the quiz limit, click here to upgrade your plan.');
    expect(new Set(texts).size).toBe(8);
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBe('true');
  });

  it('speaks Hindi: the step and the Next, Back and Skip buttons', async () => {
    showInHindi();
    await dashboard({ tourSeen: false });
    const { dialog, text } = await tooltip();
    expect(text).toBe('यह आपका मुख्य मेन्यू है। इससे आप अलग-अलग पेज पर जा सकते हैं।');
    expect(within(dialog).getByRole('button', { name: 'आगे' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'पीछे' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'छोड़ें' })).toBeEnabled();
  });

  it('offers Skip on the last step too, which ends the tour and stores the flag', async () => {
    const { user } = await dashboard({ tourSeen: false });
    let step = await tooltip();
    for (let index = 2; index <= 8; index += 1) {
      await user.click(within(step.dialog).getByRole('button', { name: 'Next' }));
      step = await tooltip(step.text);
    }
    expect(step.text).toBe('If you reach the quiz limit, click here to upgrade your plan.');
    await user.click(within(step.dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBe('true');
  });
});

describe('the streak card (decision 030)', () => {
  const summary = learningSummaryOf;

  it('invites a learner with no streak, beside the spec’s cards', async () => {
    await dashboard({ other: { 'GET /api/learning/summary': { body: summary(0, 0) } } });
    const streak = await screen.findByRole('region', { name: 'Your learning days' });
    expect(within(streak).getByText('Finish a quiz today to start a streak!')).toBeInTheDocument();
    expect(within(streak).getByText("Today's goal: 1 quiz")).toBeInTheDocument();
    expect(card()).toBeInTheDocument();
  });

  it('shows the streak and the met goal', async () => {
    await dashboard({ other: { 'GET /api/learning/summary': { body: summary(3, 1) } } });
    const streak = await screen.findByRole('region', { name: 'Your learning days' });
    expect(streak).toHaveTextContent('🔥 3 days in a row');
    expect(streak).toHaveTextContent('🎉 Goal met for today!');
  });

  it('is left out when the summary cannot be read, with no toast', async () => {
    await dashboard({ other: { 'GET /api/learning/summary': { status: 500, body: { message: 'Boom' } } } });
    await screen.findByText('3 / 10 Certifications Completed');
    expect(screen.queryByRole('region', { name: 'Your learning days' })).toBeNull();
    expect(document.querySelector('.toast')).toBeNull();
  });
});
