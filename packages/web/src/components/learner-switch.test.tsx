import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ashaSummary, familyOf, meByToken, ravi, selected, tokenOf } from '../test/family.ts';
import { mockFetch, type MockHandler } from '../test/fetch-mock.ts';
import { showInHindi } from '../test/language.ts';
import { admin, currentPath, learner, renderApp, storeSession } from '../test/render-app.tsx';

async function signedInAt(path: string, handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': meByToken([learner, ravi]),
    'GET /api/learners': { body: familyOf() },
    'POST /api/learners/u2/select': selected(ravi),
    ...handlers,
  });
  localStorage.setItem('dashboardTourCompleted', 'true');
  storeSession(learner, tokenOf(learner._id));
  const app = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...app, ...fetch };
}

/** Lets an answer already given reach the page. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const sidebar = () => screen.getByRole('navigation', { name: 'Main' });

describe('the sidebar learner switch', () => {
  it('shows every child, the one learning now pressed', async () => {
    await signedInAt('/dashboard');
    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['ARAsha', 'Ravi']);
    expect(within(group).getByRole('button', { name: 'Asha' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Ravi' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("switches in one step: the new token and user are stored and the new child's dashboard is read afresh", async () => {
    const { user, router, callsTo } = await signedInAt('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    await waitFor(() => expect(callsTo('GET', '/api/certification/progress')).toHaveLength(1));

    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    await user.click(within(group).getByRole('button', { name: 'Ravi' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe(tokenOf('u2'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ravi);
    // Already on the dashboard: it is drawn again and reads Ravi's progress, not Asha's.
    await waitFor(() => expect(callsTo('GET', '/api/certification/progress')).toHaveLength(2));
    expect(callsTo('GET', '/api/certification/progress')[1]?.headers.get('authorization')).toBe(
      `Bearer ${tokenOf('u2')}`,
    );
    await waitFor(() =>
      expect(within(sidebar()).getByRole('button', { name: 'Ravi' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('takes the new child to their dashboard from any page', async () => {
    const { user, router } = await signedInAt('/quizzes');
    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    await user.click(within(group).getByRole('button', { name: 'Ravi' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('pressing the child learning now does nothing', async () => {
    const { user, router, callsTo } = await signedInAt('/quizzes');
    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    await user.click(within(group).getByRole('button', { name: 'Asha' }));
    expect(currentPath(router)).toBe('/quizzes');
    expect(callsTo('POST', '/api/learners/u1/select')).toHaveLength(0);
  });

  it('says so when the switch fails and stays with the same child', async () => {
    const { user, router } = await signedInAt('/quizzes', {
      'POST /api/learners/u2/select': () => {
        throw new TypeError('offline');
      },
    });
    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    await user.click(within(group).getByRole('button', { name: 'Ravi' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'Could not switch to Ravi. Please try again.',
    );
    expect(currentPath(router)).toBe('/quizzes');
    expect(localStorage.getItem('token')).toBe(tokenOf(learner._id));
    expect(within(group).getByRole('button', { name: 'Asha' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is not there for an account with one child', async () => {
    const { callsTo } = await signedInAt('/dashboard', {
      'GET /api/learners': { body: familyOf([ashaSummary]) },
    });
    await screen.findByRole('heading', { name: 'Welcome, Asha' });
    await waitFor(() => expect(callsTo('GET', '/api/learners')).toHaveLength(1));
    await settle();
    expect(within(sidebar()).queryByRole('group', { name: 'Learner' })).not.toBeInTheDocument();
  });

  it('is not there when the children cannot be read', async () => {
    const { callsTo } = await signedInAt('/dashboard', {
      'GET /api/learners': { status: 500, body: { message: 'Something went wrong' } },
    });
    await waitFor(() => expect(callsTo('GET', '/api/learners')).toHaveLength(1));
    await settle();
    expect(within(sidebar()).queryByRole('group', { name: 'Learner' })).not.toBeInTheDocument();
  });

  it('is not there for an admin, who reads no children', async () => {
    const { callsTo } = mockFetch({ 'GET /api/auth/me': { body: admin } });
    storeSession(admin);
    localStorage.setItem('dashboardTourCompleted', 'true');
    renderApp('/quizzes');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(within(sidebar()).queryByRole('group', { name: 'Learner' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/learners')).toHaveLength(0);
  });

  it('names brothers or sisters who share a first name in full', async () => {
    const second = { ...ashaSummary, id: 'u3', last_name: 'Sharma', isAccountHolder: false };
    await signedInAt('/dashboard', { 'GET /api/learners': { body: familyOf([ashaSummary, second]) } });
    const group = await within(sidebar()).findByRole('group', { name: 'Learner' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['ARAsha Rao', 'ASAsha Sharma']);
  });

  it('speaks Hindi', async () => {
    await signedInAt('/dashboard');
    const nav = sidebar();
    await within(nav).findByRole('group', { name: 'Learner' });
    showInHindi();
    expect(within(nav).getByRole('group', { name: 'कौन सीख रहा है' })).toBeInTheDocument();
  });
});
