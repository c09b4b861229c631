import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING_MESSAGE } from '../lib/offline/cache-names.ts';

/**
 * The offline notice and the update flow (issue 20): lib/connection.ts and lib/service-worker.ts
 * keep module state, so every test loads them afresh.
 */

class FakeRegistration extends EventTarget {
  waiting: { postMessage: ReturnType<typeof vi.fn>; state: string } | null = null;
  installing: (EventTarget & { state: string }) | null = null;
  update = vi.fn(async () => undefined);
}

function fakeServiceWorkers(controlled: boolean) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { registration, container };
}

async function loadModules() {
  vi.resetModules();
  const status = await import('./connection-status.tsx');
  const worker = await import('../lib/service-worker.ts');
  const connection = await import('../lib/connection.ts');
  return { ...status, ...worker, ...connection };
}

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/quizzes/attempt/:quizId', element },
      { path: '/dashboard', element },
    ],
    { initialEntries: [path] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}

beforeEach(() => {
  vi.stubEnv('PROD', true);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('ConnectionStatus', () => {
  it('says the app is offline from a request that got no answer until an answer comes', async () => {
    const { ConnectionStatus, reportNoAnswer, reportAnswer, onReconnect } = await loadModules();
    const back = vi.fn();
    onReconnect(back);
    renderAt('/dashboard', createElement(ConnectionStatus));
    expect(screen.queryByText(/you are offline/i)).toBeNull();

    act(() => reportNoAnswer());
    expect(screen.getByText(/you are offline/i)).toBeInTheDocument();
    expect(back).not.toHaveBeenCalled();

    act(() => reportAnswer());
    expect(screen.queryByText(/you are offline/i)).toBeNull();
    expect(back).toHaveBeenCalledOnce();
  });

  it('asks the server every few seconds while offline, and notices when it answers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { isOffline, reportNoAnswer, onReconnect } = await loadModules();
    const back = vi.fn();
    onReconnect(back);
    reportNoAnswer();
    expect(isOffline()).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(isOffline()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isOffline()).toBe(false);
    expect(back).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});

describe('updates', () => {
  it('registers the service worker once the page has loaded', async () => {
    const { container } = fakeServiceWorkers(false);
    const { registerServiceWorker } = await loadModules();
    registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/service-worker.js');
  });

  it('offers an update, never applies it during an attempt, and applies it on the next page', async () => {
    const { registration } = fakeServiceWorkers(true);
    const waiting = { postMessage: vi.fn(), state: 'installed' };
    registration.waiting = waiting;
    const { ConnectionStatus, registerServiceWorker } = await loadModules();
    registerServiceWorker();
    await act(async () => {
      await Promise.resolve();
    });

    const router = renderAt('/quizzes/attempt/q1', createElement(ConnectionStatus));
    expect(await screen.findByText(/update available/i)).toBeInTheDocument();
    // In the middle of an attempt: no button, and nothing happens.
    expect(screen.queryByRole('button', { name: 'Update now' })).toBeNull();
    expect(waiting.postMessage).not.toHaveBeenCalled();

    await act(() => router.navigate('/dashboard'));
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });

  it('lets the learner update at once from a page that is not an attempt', async () => {
    const { registration } = fakeServiceWorkers(true);
    const { ConnectionStatus, registerServiceWorker } = await loadModules();
    registerServiceWorker();
    await act(async () => {
      await Promise.resolve();
    });
    renderAt('/dashboard', createElement(ConnectionStatus));
    expect(screen.queryByText(/update available/i)).toBeNull();

    // A new version is found while the page is open.
    const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = installing;
    act(() => {
      registration.dispatchEvent(new Event('updatefound'));
      installing.state = 'installed';
      installing.dispatchEvent(new Event('statechange'));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    expect(installing.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });
});
