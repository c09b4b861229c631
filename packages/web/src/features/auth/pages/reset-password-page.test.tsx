import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { showInHindi } from '../../../test/language.ts';

const TOKEN = 'a-reset-token-from-the-mail-0001';

async function openReset(handler: MockHandler, path = `/reset-password?token=${TOKEN}`) {
  const fetch = mockFetch({ 'POST /api/auth/reset-password': handler });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return { ...app, ...fetch };
}

async function choose(
  user: Awaited<ReturnType<typeof openReset>>['user'],
  password: string,
  confirmation = password,
) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('without a token says the link is invalid and offers a new one', async () => {
    await openReset({ body: {} }, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('sends the token and the new password, then shows the message and a way to log in', async () => {
    const { user, callsTo } = await openReset({
      body: { message: 'Your password has been reset. Please log in with your new password.' },
    });
    await choose(user, 'a brand new secret');
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'a brand new secret',
    });
  });

  it('checks the length and that both passwords match before sending', async () => {
    const { user, callsTo } = await openReset({ body: {} });
    await choose(user, 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await choose(user, 'a brand new secret', 'a different secret');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it("shows the server's message when the link has expired", async () => {
    const { user } = await openReset({
      status: 400,
      body: { message: 'This reset link is invalid or has expired. Please ask for a new one.' },
    });
    await choose(user, 'a brand new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
  });

  it('speaks Hindi, its checks included', async () => {
    showInHindi();
    const { callsTo } = mockFetch({ 'POST /api/auth/reset-password': { body: {} } });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'नया पासवर्ड चुनें' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('नया पासवर्ड'), 'short');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा लिखें'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'पासवर्ड रीसेट करें' }));
    expect(screen.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeInTheDocument();
    expect(screen.getByText('दोनों पासवर्ड एक जैसे नहीं हैं')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('says in Hindi that a link without a token is invalid', async () => {
    showInHindi();
    mockFetch();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह रीसेट लिंक सही नहीं है या इसका समय खत्म हो गया है। कृपया नया लिंक मँगवाएँ।',
    );
    expect(screen.getByRole('link', { name: 'नया लिंक मँगवाएँ' })).toHaveAttribute('href', '/forgot-password');
  });
});
