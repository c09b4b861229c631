import { act, screen, waitFor } from '@testing-library/react';
import { VERIFY_REDIRECT_DELAY_MS } from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import { useFakeClock, useRealClock } from '../../../test/fake-clock.ts';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { currentPath, findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import { showInHindi } from '../../../test/language.ts';

const VERIFYING = 'Verifying your email...';
const VERIFIED = 'Email verified successfully! Redirecting ...';
const FAILED = 'Verification failed. The token may be invalid or expired.';
const TOKEN = 'a-verification-token-from-the-mail';

function withVerify(handler: MockHandler, extra: Record<string, MockHandler> = {}) {
  return mockFetch({ 'POST /api/auth/verify-email': handler, ...extra });
}

describe('verify e-mail page', () => {
  it('fails at once without a token in the address, without asking the server', async () => {
    const { calls } = withVerify({ body: {} });
    renderApp('/verify-email');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await findToast('Verification failed!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the verifying text, then success, and after 2 s goes to /login when nobody is signed in', async () => {
    const answer = deferred<MockReply>();
    const { callsTo } = withVerify(() => answer.promise);
    const { router } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(VERIFYING)).toBeInTheDocument();
    const [call] = callsTo('POST', '/api/auth/verify-email');
    expect(call?.body).toEqual({ token: TOKEN });
    expect(call?.headers.get('authorization')).toBeNull();

    useFakeClock();
    answer.resolve({ body: { message: 'Email verified successfully' } });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(screen.queryByText(VERIFYING)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(VERIFY_REDIRECT_DELAY_MS - 1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(currentPath(router)).toBe('/verify-email');
    act(() => vi.advanceTimersByTime(1));
    useRealClock();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.location.state).toEqual({ emailVerified: true });
  });

  it('goes to /dashboard when a stored user with an e-mail exists, with the fresh user', async () => {
    const unverified = { ...learner, isVerified: false };
    withVerify(
      { body: { message: 'Email verified successfully' } },
      { 'GET /api/auth/me': { body: learner } },
    );
    storeSession(unverified);
    const { router } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'), {
      timeout: VERIFY_REDIRECT_DELAY_MS + 2000,
    });
    expect(router.location.state).toEqual({ emailVerified: true });
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeInTheDocument();
    expect(screen.queryByText(/Your email is not verified/)).not.toBeInTheDocument();
  });

  it('fails on an error answer, with the failure text and the toast', async () => {
    withVerify({ status: 400, body: { message: FAILED } });
    const { router } = renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(FAILED, { selector: '.form-error' })).toHaveAttribute('role', 'alert');
    expect(await findToast('Verification failed!')).toBeInTheDocument();
    expect(screen.queryByText(VERIFIED)).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/verify-email');
  });

  it('fails on a success answer other than 200', async () => {
    withVerify({ status: 204 });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
  });

  it('fails when the request cannot be made', async () => {
    withVerify(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await findToast('Verification failed!')).toBeInTheDocument();
  });

  it('sends the single-use token once, even under StrictMode', async () => {
    const { callsTo } = withVerify({ body: {} });
    renderApp(`/verify-email?token=${TOKEN}`, { strict: true });
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);
  });

  it('speaks Hindi when it fails, the toast included', async () => {
    showInHindi();
    withVerify({ status: 400, body: { message: FAILED } });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ईमेल की पुष्टि' })).toBeInTheDocument();
    expect(await findToast('पुष्टि नहीं हो सकी!')).toBeInTheDocument();
    expect(
      screen.getByText('पुष्टि नहीं हो सकी। हो सकता है लिंक सही न हो या उसका समय खत्म हो गया हो।'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'लॉग इन पर जाएँ' })).toHaveAttribute('href', '/login');
  });

  it('says in Hindi that the e-mail is verified', async () => {
    showInHindi();
    withVerify({ body: {} });
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText('ईमेल की पुष्टि हो गई! आगे ले जा रहे हैं ...')).toBeInTheDocument();
  });
});
