import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FamilyReportResponse, LearnerReport } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const asha: LearnerReport = {
  id: 'u1',
  first_name: 'Asha',
  last_name: 'Rao',
  grade: 'c-3',
  quizzesFinished: 12,
  minutesSpent: 95,
  accuracy: [
    { category: 'Maths', answered: 40, correct: 30 },
    { category: 'Science', answered: 8, correct: 3 },
  ],
  mastery: [
    { category: 'Maths', level: 'proficient', answered: 20, correct: 17 },
    { category: 'Science', level: 'attempted', answered: 8, correct: 3 },
  ],
  certificationsEarned: 3,
  levelsCompleted: 1,
  streak: { current: 4 },
};

const ravi: LearnerReport = {
  id: 'u2',
  first_name: 'Ravi',
  last_name: 'Rao',
  grade: 'Sr-Kg',
  quizzesFinished: 0,
  minutesSpent: 0,
  accuracy: [],
  mastery: [],
  certificationsEarned: 0,
  levelsCompleted: 0,
  streak: { current: 0 },
};

function reportOf(days: number, learners: LearnerReport[] = [asha, ravi]): FamilyReportResponse {
  return {
    days,
    // Midday instants: the days shown are the same in any time zone the tests run in.
    from: days === 7 ? '2026-11-18T12:00:00.000Z' : '2026-10-26T12:00:00.000Z',
    to: '2026-11-24T12:00:00.000Z',
    learners,
  };
}

/** Answers the report for the days the request asks for. */
const byDays: MockHandler = (call) => ({
  body: reportOf(new URLSearchParams(call.search).get('days') === '30' ? 30 : 7),
});

function withReport(handler: MockHandler = byDays, extra: Record<string, MockHandler> = {}) {
  storeSession();
  return mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/reports/family': handler,
    ...extra,
  });
}

/** A report the server shows only with the parent PIN's proof, and its PIN check (1234 is right). */
const guardedReport: MockHandler = (call) =>
  call.headers.get('x-parent-pin') === 'pin-proof'
    ? { body: reportOf(7) }
    : { status: 403, body: { message: 'Enter the parent PIN to continue.', code: 'pin-required' } };
const pinCheck: Record<string, MockHandler> = {
  'POST /api/account/pin/verify': (call) =>
    (call.body as { pin?: string } | undefined)?.pin === '1234'
      ? { body: { pinToken: 'pin-proof', expiresAt: new Date(Date.now() + 600_000).toISOString() } }
      : { status: 403, body: { message: 'That PIN is not correct.', code: 'pin-wrong' } },
};

/** A child's card, found by the name in its heading. */
async function cardOf(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const card = heading.closest('article');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

/** The value shown for a figure of a card (the <dd> beside its <dt>). */
function figure(card: HTMLElement, label: string): string {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

// The routes load their pages lazily: load them once up front so no test times out on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./family-report-page.tsx'), import('../../../app/app-layout.tsx')]);
});

// The whole signed-in layout renders in each test: slow on a busy CI machine, not a hang.
describe('Family report page', { timeout: 15_000 }, () => {
  it('loads the last 7 days, then shows each child with their figures', async () => {
    const answer = deferred<MockReply>();
    const { callsTo } = withReport(() => answer.promise);
    renderApp('/family-report');
    expect(await screen.findByRole('heading', { level: 1, name: 'Family report' })).toBeInTheDocument();
    expect(document.title).toBe('Family report | QuizQuest');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the family report...');
    const period = screen.getByRole('group', { name: 'Show' });
    expect(within(period).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(period).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    answer.resolve({ body: reportOf(7) });
    const ashaCard = await cardOf('Asha Rao');
    expect(callsTo('GET', '/api/reports/family').map((call) => call.search)).toEqual(['?days=7']);
    expect(screen.getByText('From 18 November 2026 to 24 November 2026')).toBeInTheDocument();

    expect(within(ashaCard).getByText('Class 3')).toBeInTheDocument();
    expect(figure(ashaCard, 'Quizzes finished')).toBe('12');
    expect(figure(ashaCard, 'Minutes spent')).toBe('95');
    expect(figure(ashaCard, 'Certifications earned')).toBe('3');
    expect(figure(ashaCard, 'Levels completed so far')).toBe('1');
    expect(figure(ashaCard, 'Current streak')).toBe('4 days');
    const mastery = within(ashaCard).getByRole('region', { name: 'Mastery by category' });
    expect(
      within(mastery)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Maths Mastery: 🌟 Proficient', 'Science Mastery: 🌱 Attempted']);

    const raviCard = await cardOf('Ravi Rao');
    expect(within(raviCard).getByText('Sr. Kg')).toBeInTheDocument();
    expect(figure(raviCard, 'Quizzes finished')).toBe('0');
    expect(figure(raviCard, 'Minutes spent')).toBe('0');
    expect(figure(raviCard, 'Current streak')).toBe('Starts with the next quiz');
    expect(within(raviCard).getByText('Mastery shows here after the first quizzes.')).toBeInTheDocument();
  });

  it('draws right answers per category as labelled bars', async () => {
    withReport();
    renderApp('/family-report');
    const card = await cardOf('Asha Rao');
    const chart = within(card).getByRole('list', { name: 'Right answers by category' });
    const rows = within(chart).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Maths 75%30 of 40 right',
      'Science 38%3 of 8 right',
    ]);
    // The bar is decoration: its length says what the words already say.
    const bar = rows[0]?.querySelector<HTMLElement>('.accuracy-bar');
    expect(bar?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(bar?.style.width).toBe('75%');
    expect(rows[1]?.querySelector<HTMLElement>('.accuracy-bar')?.style.width).toBe('37.5%');
  });

  it('shows an encouraging note for a child with nothing answered in the window', async () => {
    withReport();
    renderApp('/family-report');
    const card = await cardOf('Ravi Rao');
    const chart = within(card).getByRole('region', { name: 'Right answers by category' });
    expect(within(chart).getByText('No quizzes in these days yet')).toBeInTheDocument();
    expect(within(chart).getByText('A short quiz together is a great way to start.')).toBeInTheDocument();
    expect(within(chart).queryByRole('list')).not.toBeInTheDocument();
  });

  it('treats categories with no answers as nothing answered', async () => {
    withReport({
      body: reportOf(7, [{ ...ravi, accuracy: [{ category: 'Maths', answered: 0, correct: 0 }] }]),
    });
    renderApp('/family-report');
    const card = await cardOf('Ravi Rao');
    expect(within(card).getByText('No quizzes in these days yet')).toBeInTheDocument();
    expect(within(card).queryByText(/0 of 0 right/)).not.toBeInTheDocument();
  });

  it('switching to the last 30 days asks for days=30 and shows that window', async () => {
    const { callsTo } = withReport();
    const { user } = renderApp('/family-report');
    await cardOf('Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('From 26 October 2026 to 24 November 2026')).toBeInTheDocument();
    expect(callsTo('GET', '/api/reports/family').map((call) => call.search)).toEqual(['?days=7', '?days=30']);

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByText('From 18 November 2026 to 24 November 2026')).toBeInTheDocument();
    expect(callsTo('GET', '/api/reports/family').at(-1)?.search).toBe('?days=7');
  });

  it("shows the server's message when the report fails, and loads again on Try again", async () => {
    let fail = true;
    withReport((call) =>
      fail
        ? { status: 500, body: { message: 'Something went wrong. Please try again.' } }
        : (byDays as (c: typeof call) => MockReply)(call),
    );
    const { user } = renderApp('/family-report');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows its own message when the server cannot be reached or answers outside the contract', async () => {
    withReport({ status: 200, body: { days: 7, learners: 'none' } });
    renderApp('/family-report');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the family report. Please try again.',
    );
  });

  it('asks for the parent PIN when the server wants it, then shows the report', async () => {
    const { callsTo } = withReport(guardedReport, pinCheck);
    const { user } = renderApp('/family-report');
    const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.type(within(dialog).getByLabelText(/Parent PIN/), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await cardOf('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const requests = callsTo('GET', '/api/reports/family');
    expect(requests.at(-1)?.headers.get('x-parent-pin')).toBe('pin-proof');
    expect(callsTo('POST', '/api/account/pin/verify').map((call) => call.body)).toEqual([{ pin: '1234' }]);
  });

  it('closing the PIN dialog leaves a clear way to ask for it again', async () => {
    withReport(guardedReport, pinCheck);
    const { user } = renderApp('/family-report');
    const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('This report is for a parent. Enter the parent PIN to see it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enter the parent PIN' }));
    const again = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.type(within(again).getByLabelText(/Parent PIN/), '1234');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    expect(await cardOf('Ravi Rao')).toBeInTheDocument();
  });

  it('reads in Hindi, numbers and dates included', async () => {
    withReport();
    renderApp('/family-report');
    await cardOf('Asha Rao');
    showInHindi();
    expect(await screen.findByRole('heading', { level: 1, name: 'परिवार की रिपोर्ट' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पिछले 30 दिन' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('18 नवंबर 2026 से 24 नवंबर 2026 तक')).toBeInTheDocument();
    const card = await cardOf('Asha Rao');
    const chart = within(card).getByRole('list', { name: 'हर विषय में सही जवाब' });
    expect(within(chart).getAllByRole('listitem')[0]).toHaveTextContent('गणित 75%40 में से 30 सही');
    expect(within(await cardOf('Ravi Rao')).getByText('इन दिनों में अभी कोई क्विज़ नहीं')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('परिवार की रिपोर्ट | QuizQuest'));
  });
});
