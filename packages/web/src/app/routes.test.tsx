import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockReply } from '../test/fetch-mock.ts';
import { admin, currentPath, learner, renderApp, storeSession } from '../test/render-app.tsx';
import { routes } from './routes.tsx';

const SIGNED_IN_PATHS = [
  '/dashboard',
  '/quizzes',
  '/quizzes/attempt/quiz-1',
  '/quizzes/result/attempt-1',
  '/quizzes/my-attempts',
  '/profile',
  '/subscribe',
  '/subscribe/pay/plan99',
  '/my-certifications',
];

/** The server confirms whichever user is stored. */
function serverKnows(user = learner) {
  return mockFetch({ 'GET /api/auth/me': { body: user } });
}

describe('/', () => {
  it('sends a visitor without a token to /login', async () => {
    mockFetch();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('sends a visitor with a stored token to /dashboard', async () => {
    serverKnows();
    storeSession();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });
});

describe('/login', () => {
  it('sends a signed-in learner to /dashboard', async () => {
    serverKnows();
    storeSession();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('sends a signed-in admin to /admin/quiz-dashboard', async () => {
    serverKnows(admin);
    storeSession(admin);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Quiz Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/quiz-dashboard');
  });
});

describe('signed-in area', () => {
  it.each(SIGNED_IN_PATHS)('sends an anonymous visitor from %s to /login', async (path) => {
    mockFetch();
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(currentPath(router)).toBe('/login');
  });

  it.each([
    ['/dashboard', 'Welcome, Asha'],
    ['/quizzes', 'Practice Quizzes'],
    ['/quizzes/attempt/quiz-1', 'Quiz Attempt'],
    ['/quizzes/result/attempt-1', 'Quiz Result'],
    ['/quizzes/my-attempts', 'My Scoreboard'],
    ['/profile', 'My Profile'],
    ['/subscribe', 'Upgrade Your Plan'],
    ['/my-certifications', 'My Certifications'],
  ])('shows %s to a signed-in learner, titled %s', async (path, heading) => {
    serverKnows();
    storeSession();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentPath(router)).toBe(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/QuizQuest$/);
  });

  it('goes to /login when the server ends the session (401)', async () => {
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Please log in to continue' } } });
    storeSession();
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(currentPath(router)).toBe('/login');
  });
});

describe('admin guard', () => {
  it('shows Loading... while the session is being confirmed, then the admin layout', async () => {
    const me = deferred<MockReply>();
    mockFetch({ 'GET /api/auth/me': () => me.promise });
    storeSession(admin);
    renderApp('/admin/quiz-dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quiz Dashboard' })).not.toBeInTheDocument();

    me.resolve({ body: admin });
    expect(await screen.findByRole('heading', { name: 'Quiz Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(within(nav).getByText('Admin Panel')).toBeInTheDocument();
    // Quiz Dashboard of spec §2, and Learners of the admin issue.
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName('Quiz Dashboard');
    expect(links[0]).toHaveAttribute('href', '/admin/quiz-dashboard');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).toHaveAccessibleName('Learners');
    expect(links[1]).toHaveAttribute('href', '/admin/learners');
  });

  it('sends an anonymous visitor to /login', async () => {
    mockFetch();
    const { router } = renderApp('/admin/quiz-dashboard');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(currentPath(router)).toBe('/login');
  });

  it('sends a learner to /dashboard', async () => {
    serverKnows();
    storeSession();
    const { router } = renderApp('/admin/quiz-dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('sends a stored admin whom the server now knows as a learner to /dashboard', async () => {
    serverKnows(learner);
    storeSession(admin);
    const { router } = renderApp('/admin/quiz-dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    expect(currentPath(router)).toBe('/dashboard');
  });
});

describe('other paths', () => {
  it.each(['/nope', '/admin', '/quizzes/attempt', '/dashboard/extra'])(
    '%s shows the 404 page',
    async (path) => {
      mockFetch();
      renderApp(path);
      expect(await screen.findByRole('heading', { name: '404 - Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    },
  );

  it('a page that crashes shows the error page with a way back', async () => {
    mockFetch();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    const [root] = routes;
    const pages = root?.children?.[0];
    if (!root || root.index || !pages || pages.index) throw new Error('unexpected route table');
    const withCrash: RouteObject[] = [
      {
        ...root,
        children: [{ ...pages, children: [...(pages.children ?? []), { path: 'boom', Component: Boom }] }],
      },
    ];
    renderApp('/boom', { routeObjects: withCrash });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('public pages', () => {
  it.each([
    ['/signup', 'Create Your Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/privacy', 'Privacy Notice'],
  ])('%s is open to everyone', async (path, heading) => {
    mockFetch({ 'GET /api/grades/get-grades': { body: [] } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('the privacy notice covers what is stored, why, how long, and the rights with a contact', async () => {
    mockFetch();
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' });
    for (const name of [
      'What we store',
      'Why we store it',
      'How long we keep it',
      'Your rights',
      'Grievance contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/Digital Personal Data Protection Act, 2023/)).toBeInTheDocument();
    expect(screen.getByText(/never sell personal data/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});
