import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockReply } from '../test/fetch-mock.ts';
import { learner, storeSession } from '../test/render-app.tsx';
import { AuthProvider, clearSession, getSession, setSession, useAuth } from './session.ts';

function AuthProbe() {
  const { isAuthenticated, loading, role, user } = useAuth();
  return (
    <dl>
      <dt>authenticated</dt>
      <dd data-testid="authenticated">{String(isAuthenticated)}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(loading)}</dd>
      <dt>role</dt>
      <dd data-testid="role">{role ?? 'none'}</dd>
      <dt>email</dt>
      <dd data-testid="email">{user?.email ?? 'none'}</dd>
    </dl>
  );
}

const renderProbe = () =>
  render(
    <AuthProvider>
      <AuthProbe />
    </AuthProvider>,
  );

describe('stored session', () => {
  it('is restored from localStorage', () => {
    storeSession(learner, 'abc');
    expect(getSession()).toEqual({ token: 'abc', user: learner });
  });

  it('discards a stored user that is not JSON, and keeps the token', () => {
    storeSession('{not json', 'abc');
    expect(getSession()).toEqual({ token: 'abc', user: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('discards a stored user without an e-mail', () => {
    storeSession(JSON.stringify({ ...learner, email: '' }));
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    storeSession(JSON.stringify({ name: 'No Mail', role: 'admin' }));
    expect(getSession().user).toBeNull();
  });

  it('discards a stored user that is JSON but not an object', () => {
    storeSession('"asha@example.com"');
    expect(getSession().user).toBeNull();
  });

  it('is empty when nothing is stored', () => {
    expect(getSession()).toEqual({ token: null, user: null });
  });

  it('setSession stores token and user; clearSession removes both', () => {
    setSession('t1', learner);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(learner);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession()).toEqual({ token: null, user: null });
  });
});

describe('AuthProvider', () => {
  it('exposes an anonymous visitor without loading or a request', () => {
    const { calls } = mockFetch();
    renderProbe();
    expect(screen.getByTestId('authenticated')).toHaveTextContent('false');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(screen.getByTestId('role')).toHaveTextContent('none');
    expect(calls).toHaveLength(0);
  });

  it('restores the stored user at once and is loading until the server confirms it', async () => {
    const me = deferred<MockReply>();
    const { callsTo } = mockFetch({ 'GET /api/auth/me': () => me.promise });
    storeSession({ ...learner, role: 'admin' }, 'tok');
    renderProbe();

    expect(screen.getByTestId('authenticated')).toHaveTextContent('true');
    expect(screen.getByTestId('role')).toHaveTextContent('admin');
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    expect(callsTo('GET', '/api/auth/me')[0]?.headers.get('authorization')).toBe('Bearer tok');

    me.resolve({ body: { ...learner, email: 'fresh@example.com', quizLimits: {}, allowedLevel: 0 } });
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(screen.getByTestId('email')).toHaveTextContent('fresh@example.com');
    expect(screen.getByTestId('role')).toHaveTextContent('learner');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: 'fresh@example.com' });
  });

  it('ends the session when the server answers 401 to the stored token', async () => {
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Please log in to continue' } } });
    storeSession(learner, 'expired');
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('authenticated')).toHaveTextContent('false'));
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/auth/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    storeSession(learner, 'tok');
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(screen.getByTestId('authenticated')).toHaveTextContent('true');
    expect(screen.getByTestId('email')).toHaveTextContent(learner.email);
  });

  it('follows sign-in and sign-out made elsewhere in the app', () => {
    mockFetch();
    renderProbe();
    act(() => setSession('t2', learner));
    expect(screen.getByTestId('authenticated')).toHaveTextContent('true');
    expect(screen.getByTestId('email')).toHaveTextContent(learner.email);
    act(() => clearSession());
    expect(screen.getByTestId('authenticated')).toHaveTextContent('false');
  });
});
