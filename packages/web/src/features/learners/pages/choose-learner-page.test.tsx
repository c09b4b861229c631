import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../../../i18n/i18n.ts';
import {
  ashaSummary,
  familyOf,
  meByToken,
  ravi,
  raviSummary,
  selected,
  tokenOf,
} from '../../../test/family.ts';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, currentPath, learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const TITLE = 'Who is learning today?';

async function openChooser(handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': meByToken([learner, ravi]),
    'GET /api/learners': { body: familyOf() },
    'POST /api/learners/u2/select': selected(ravi),
    ...handlers,
  });
  // The dashboard's tour would cover the page these tests land on.
  localStorage.setItem('dashboardTourCompleted', 'true');
  storeSession(learner, tokenOf(learner._id));
  const app = renderApp('/choose-learner');
  await screen.findByRole('heading', { level: 1, name: TITLE });
  return { ...app, ...fetch };
}

describe('who is learning today', () => {
  it('shows one big card per child: the photo or initials, the first name and the grade', async () => {
    await openChooser();
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual(['ARAshaClass 3', 'RaviJr. Kg']);
    expect(screen.getByRole('button', { name: 'Asha, Class 3' })).toBeInTheDocument();
    const raviCard = screen.getByRole('button', { name: 'Ravi, Jr. Kg' });
    expect(raviCard.querySelector('img')).toHaveAttribute('src', raviSummary.avatar);
    expect(raviCard.querySelector('img')).toHaveAttribute('alt', '');
    expect(document.title).toBe(`${TITLE} | QuizQuest`);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('switches to the chosen child: the new token and user are stored and their dashboard opens', async () => {
    const { user, router, callsTo } = await openChooser();
    await user.click(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(callsTo('POST', '/api/learners/u2/select')).toHaveLength(1);
    expect(callsTo('POST', '/api/learners/u2/select')[0]?.headers.get('authorization')).toBe(
      `Bearer ${tokenOf(learner._id)}`,
    );
    expect(localStorage.getItem('token')).toBe(tokenOf('u2'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ravi);
    // The dashboard reads the new learner's progress with the new learner's token.
    await waitFor(() => expect(callsTo('GET', '/api/certification/progress').length).toBeGreaterThan(0));
    for (const call of callsTo('GET', '/api/certification/progress')) {
      expect(call.headers.get('authorization')).toBe(`Bearer ${tokenOf('u2')}`);
    }
  });

  it('works from the keyboard: Tab to a card and press Enter', async () => {
    const { user, router } = await openChooser();
    await screen.findByRole('button', { name: 'Ravi, Jr. Kg' });
    let guard = 0;
    while (document.activeElement?.textContent !== 'RaviJr. Kg' && guard < 20) {
      await user.tab();
      guard += 1;
    }
    expect(screen.getByRole('button', { name: 'Ravi, Jr. Kg' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe(tokenOf('u2'));
  });

  it('opens the dashboard without a new token when the child chosen is the one signed in', async () => {
    const { user, router, callsTo } = await openChooser();
    await user.click(await screen.findByRole('button', { name: 'Asha, Class 3' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(callsTo('POST', '/api/learners/u1/select')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe(tokenOf(learner._id));
  });

  it("shows the child's own language on their dashboard", async () => {
    const hindiRavi = { ...ravi, language: 'hi' as const };
    const { user } = await openChooser({
      'GET /api/auth/me': meByToken([learner, hindiRavi]),
      'POST /api/learners/u2/select': selected(hindiRavi),
    });
    await user.click(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' }));
    expect(await screen.findByRole('heading', { name: 'नमस्ते, Ravi' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('hi');
  });

  it('stays and says so when the switch fails; the cards can be chosen again', async () => {
    const { user, router } = await openChooser({
      'POST /api/learners/u2/select': { status: 404, body: { message: 'Child not found' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Child not found');
    expect(currentPath(router)).toBe('/choose-learner');
    expect(localStorage.getItem('token')).toBe(tokenOf(learner._id));
    expect(screen.getByRole('button', { name: 'Ravi, Jr. Kg' })).toBeEnabled();
  });

  it('falls back to its own words when the server cannot be reached', async () => {
    const { user } = await openChooser({
      'POST /api/learners/u2/select': () => {
        throw new TypeError('offline');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not open Ravi's quizzes. Please try again.",
    );
  });

  it('offers Try again and the dashboard when the children cannot be loaded', async () => {
    let answers = 0;
    const { user, callsTo } = await openChooser({
      'GET /api/learners': () => {
        answers += 1;
        return answers === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: familyOf() };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the children of this account.',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/learners')).toHaveLength(2);
  });

  it('sends an admin to the admin area', async () => {
    const { callsTo } = mockFetch({ 'GET /api/auth/me': { body: admin } });
    storeSession(admin);
    const { router } = renderApp('/choose-learner');
    await waitFor(() => expect(currentPath(router)).toBe('/admin/quiz-dashboard'));
    expect(callsTo('GET', '/api/learners')).toHaveLength(0);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    mockFetch();
    const { router } = renderApp('/choose-learner');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(currentPath(router)).toBe('/login');
  });

  it('speaks Hindi', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/learners': { body: familyOf() },
    });
    storeSession();
    showInHindi();
    renderApp('/choose-learner');
    expect(await screen.findByRole('heading', { level: 1, name: 'आज कौन सीख रहा है?' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Asha, कक्षा 3' })).toBeInTheDocument();
  });
});

describe('logging in to a family account', () => {
  async function logIn(handlers: Record<string, MockHandler>) {
    const fetch = mockFetch({ 'GET /api/auth/me': meByToken([learner, ravi]), ...handlers });
    localStorage.setItem('dashboardTourCompleted', 'true');
    const app = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await app.user.type(screen.getByLabelText('Email'), 'asha.parent@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'correct horse');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    return { ...app, ...fetch };
  }

  const loggedIn = { body: { token: tokenOf(learner._id), user: learner } };

  it('asks who is learning when the account has two children', async () => {
    const { router, callsTo } = await logIn({
      'POST /api/auth/login': loggedIn,
      'GET /api/learners': { body: familyOf() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/choose-learner');
    expect(callsTo('GET', '/api/learners')[0]?.headers.get('authorization')).toBe(
      `Bearer ${tokenOf(learner._id)}`,
    );
    expect(await screen.findByRole('button', { name: 'Ravi, Jr. Kg' })).toBeInTheDocument();
  });

  it('goes to the dashboard with emailVerified false as before when the account has one child', async () => {
    const { router } = await logIn({
      'POST /api/auth/login': loggedIn,
      'GET /api/learners': { body: familyOf([ashaSummary]) },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(router.location.state).toEqual({ emailVerified: false });
  });

  it('goes to the dashboard when the children cannot be read', async () => {
    const { router } = await logIn({
      'POST /api/auth/login': loggedIn,
      'GET /api/learners': { status: 500, body: { message: 'Something went wrong' } },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(router.location.state).toEqual({ emailVerified: false });
  });

  it('takes an admin to the admin area without asking for children', async () => {
    const { router, callsTo } = await logIn({
      'POST /api/auth/login': { body: { token: 'admin-token', user: admin } },
    });
    await screen.findByRole('heading', { name: 'Quiz Dashboard' });
    expect(currentPath(router)).toBe('/admin/quiz-dashboard');
    expect(callsTo('GET', '/api/learners')).toHaveLength(0);
  });
});
