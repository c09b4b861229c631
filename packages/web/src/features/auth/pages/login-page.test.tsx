import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockReply } from '../../../test/fetch-mock.ts';
import { admin, currentPath, learner, renderApp } from '../../../test/render-app.tsx';
import { currentLanguage, LANGUAGE_KEY } from '../../../i18n/i18n.ts';
import { showInHindi } from '../../../test/language.ts';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return app;
}

async function fillAndSubmit(
  user: Awaited<ReturnType<typeof openLogin>>['user'],
  email = 'Asha.Parent@example.com ',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('shows the texts, labelled inputs and links of the spec', async () => {
    mockFetch();
    await openLogin();
    expect(screen.getByText(/continue your child's learning journey/i)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(document.title).toBe('Login | QuizQuest');
  });

  it('shows and hides the password', async () => {
    mockFetch();
    const { user } = await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("reads 'Logging in...' while busy, then takes a learner to /dashboard with emailVerified false", async () => {
    const answer = deferred<MockReply>();
    const { callsTo } = mockFetch({
      'POST /api/auth/login': () => answer.promise,
      'GET /api/auth/me': { body: learner },
    });
    const { user, router } = await openLogin();
    await fillAndSubmit(user);

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    const [call] = callsTo('POST', '/api/auth/login');
    expect(call?.body).toEqual({ email: 'Asha.Parent@example.com', password: 'correct horse' });
    expect(call?.headers.get('authorization')).toBeNull();

    answer.resolve({ body: { token: 'new-token', user: learner } });
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    expect(currentPath(router)).toBe('/dashboard');
    expect(router.location.state).toEqual({ emailVerified: false });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(learner);
  });

  it('takes an admin to /admin/quiz-dashboard', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { token: 'admin-token', user: admin } } });
    const { user, router } = await openLogin();
    await fillAndSubmit(user, 'admin@example.com');
    await screen.findByRole('heading', { name: 'Quiz Dashboard' });
    expect(currentPath(router)).toBe('/admin/quiz-dashboard');
  });

  it("shows the server's message in the error line and stays on the page", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    const { user, router } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(currentPath(router)).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500 } });
    const { user } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it("falls back to 'Login failed' when the network fails or the answer is malformed", async () => {
    let attempt = 0;
    mockFetch({
      'POST /api/auth/login': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { body: { token: 'x', user: { name: 'no e-mail' } } };
      },
    });
    const { user, router } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    expect(currentPath(router)).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("switches the app to the learner's stored language before the dashboard shows", async () => {
    const hindiLearner = { ...learner, language: 'hi' as const };
    mockFetch({
      'POST /api/auth/login': { body: { token: 'new-token', user: hindiLearner } },
      'GET /api/auth/me': { body: hindiLearner },
    });
    const { user, router } = await openLogin();
    // The language in force when the login page navigates: the dashboard's first render is Hindi.
    const languageAtNavigation: string[] = [];
    const replace = router.replace.bind(router);
    router.replace = (...args) => {
      languageAtNavigation.push(currentLanguage());
      replace(...args);
    };
    await fillAndSubmit(user);
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(languageAtNavigation).toEqual(['hi']);
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ language: 'hi' });
  });

  it('keeps the language shown when the login answer names none', async () => {
    showInHindi();
    mockFetch({
      'POST /api/auth/login': { body: { token: 'new-token', user: learner } },
      'GET /api/auth/me': { body: learner },
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'फिर से स्वागत है' });
    await user.type(screen.getByLabelText('ईमेल'), 'asha.parent@example.com');
    await user.type(screen.getByLabelText('पासवर्ड'), 'correct horse');
    expect(screen.getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'लॉग इन करें' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'फिर से स्वागत है' })).not.toBeInTheDocument(),
    );
    expect(currentLanguage()).toBe('hi');
  });
});
