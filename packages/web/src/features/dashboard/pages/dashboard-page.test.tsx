import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@quizquest/shared';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import { displayName } from './dashboard-page.tsx';

const BANNER = 'Your email is not verified. Please check your inbox and verify your account.';

async function dashboardFor(user: SessionUser) {
  mockFetch({ 'GET /api/auth/me': { body: user } });
  storeSession(user);
  renderApp('/dashboard');
  return screen.findByRole('heading', { level: 1 });
}

describe('dashboard', () => {
  it('welcomes the learner by first name, linking to /profile, with the subtext', async () => {
    const heading = await dashboardFor(learner);
    expect(heading).toHaveTextContent('Welcome, Asha');
    expect(screen.getByRole('link', { name: 'Welcome, Asha' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('Ready to learn something new today?')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | QuizQuest');
  });

  it('shows the verification banner to an unverified user only', async () => {
    await dashboardFor({ ...learner, isVerified: false });
    expect(screen.getByText(BANNER)).toBeInTheDocument();
  });

  it('shows no banner to a verified user', async () => {
    await dashboardFor(learner);
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('falls back from first name to name to e-mail to Explorer', () => {
    expect(displayName({ ...learner, first_name: '' })).toBe('Asha Rao');
    expect(displayName({ ...learner, first_name: ' ', name: '' })).toBe('asha.parent@example.com');
    expect(displayName({ ...learner, first_name: '', name: '', email: '' })).toBe('Explorer');
    expect(displayName(null)).toBe('Explorer');
  });
});
