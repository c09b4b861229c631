import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const TOKEN = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const FAILED = 'This link is invalid or has expired. Please ask for a new one.';

describe('the PIN reset link /pin/reset', () => {
  it('removes the PIN for a visitor who is not signed in, once, and says it can be set again', async () => {
    const { callsTo } = mockFetch({
      'POST /api/account/pin/reset-confirm': { body: { message: 'The parent PIN is removed.' } },
    });
    renderApp(`/pin/reset?token=${TOKEN}`, { strict: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset the parent PIN' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('The parent PIN has been removed.')).toBeInTheDocument();
    expect(screen.getByText('You can set a new PIN in your profile whenever you like.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    const calls = callsTo('POST', '/api/account/pin/reset-confirm');
    expect(calls.map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(document.title).toMatch(/Reset the parent PIN/);
  });

  it('leads a signed-in parent to the profile', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'POST /api/account/pin/reset-confirm': { body: { message: 'The parent PIN is removed.' } },
    });
    storeSession();
    renderApp(`/pin/reset?token=${TOKEN}`);
    expect(await screen.findByText('The parent PIN has been removed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
  });

  it("shows the server's message for a link that is invalid or expired, and how to get a new one", async () => {
    mockFetch({ 'POST /api/account/pin/reset-confirm': { status: 400, body: { message: FAILED } } });
    renderApp(`/pin/reset?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByText(/choose "Send me a reset link"/)).toBeInTheDocument();
    expect(screen.queryByText('The parent PIN has been removed.')).not.toBeInTheDocument();
  });

  it('says so when the link has no token, and asks nothing of the server', async () => {
    const { calls } = mockFetch();
    renderApp('/pin/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not complete. Open the link from the e-mail again.',
    );
    expect(calls).toEqual([]);
  });

  it('speaks Hindi', async () => {
    mockFetch({ 'POST /api/account/pin/reset-confirm': { body: { message: 'ok' } } });
    showInHindi();
    renderApp(`/pin/reset?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'माता-पिता का पिन रीसेट करें' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('माता-पिता का पिन हटा दिया गया है।')).toBeInTheDocument();
  });
});
