import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../i18n/i18n.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { findToast, learner, renderApp, storeSession } from '../test/render-app.tsx';

afterEach(() => {
  document.documentElement.lang = 'en';
});

function storedUser(): unknown {
  return JSON.parse(localStorage.getItem('user') ?? 'null');
}

describe('LanguageSwitch', () => {
  it('shows a signed-out visitor the page in Hindi without asking the server', async () => {
    const { calls } = mockFetch();
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    const group = screen.getByRole('group', { name: 'Language' });
    const hindi = within(group).getByRole('button', { name: 'हिन्दी' });
    expect(hindi).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(hindi);

    expect(await screen.findByRole('heading', { name: 'फिर से स्वागत है' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(hindi).toHaveAttribute('aria-pressed', 'true');
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(calls.filter((call) => call.path === '/api/user/language')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the signed-in layout, saves the choice and keeps it in the stored user', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/me': { body: learner },
      'PUT /api/user/language': { body: { language: 'hi' } },
    });
    storeSession();
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'हिन्दी' }));

    expect(await screen.findByRole('navigation', { name: 'मुख्य' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'अभ्यास क्विज़' })).toHaveAttribute('href', '/quizzes');
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(storedUser()).toMatchObject({ email: learner.email, language: 'hi' }));
    const saves = callsTo('PUT', '/api/user/language');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ language: 'hi' });
    expect(saves[0]?.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('still switches when saving fails, and shows the server’s message', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'PUT /api/user/language': { status: 503, body: { message: 'Service unavailable' } },
    });
    storeSession();
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'हिन्दी' }));

    expect(await findToast('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'मुख्य' })).toBeInTheDocument();
    expect(storedUser()).not.toHaveProperty('language');
  });
});

describe('the signed-in learner’s language', () => {
  it('is followed when the server says it changed on another device', async () => {
    mockFetch({ 'GET /api/auth/me': { body: { ...learner, language: 'hi' } } });
    storeSession({ ...learner, language: 'en' });
    renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'मुख्य' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(storedUser()).toMatchObject({ language: 'hi' });
  });

  it('is followed at start from the stored user', async () => {
    const never = new Promise<never>(() => undefined);
    mockFetch({ 'GET /api/auth/me': () => never });
    storeSession({ ...learner, language: 'hi' });
    renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'मुख्य' })).toBeInTheDocument();
  });
});
