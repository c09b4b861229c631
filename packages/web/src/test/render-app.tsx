import { render, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type RouteObject,
} from 'react-router';
import type { SessionUser } from '@quizquest/shared';
import { AppRoutes } from '../app/routes.tsx';

export const learner: SessionUser = {
  _id: 'u1',
  email: 'asha.parent@example.com',
  role: 'learner',
  name: 'Asha Rao',
  first_name: 'Asha',
  last_name: 'Rao',
  isVerified: true,
  completedQuizzes: 0,
  grade: 'c-3',
  subscription: 'free',
};

export const admin: SessionUser = {
  ...learner,
  _id: 'a1',
  email: 'admin@example.com',
  role: 'admin',
  name: 'Admin',
};

/** Puts a session in localStorage the way the app stores it after logging in. */
export function storeSession(user: SessionUser | string = learner, token = 'stored-token'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', typeof user === 'string' ? user : JSON.stringify(user));
}

interface RenderAppOptions {
  routeObjects?: RouteObject[];
  strict?: boolean;
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

export type TestHistory = ReturnType<typeof createMemoryHistory>;

/**
 * Renders the real route table at `path` over an in-memory history. `router` is that history:
 * its location is where the app has navigated to, also while the next page's code still loads.
 */
export function renderApp(
  path: string,
  options: RenderAppOptions = {},
): RenderResult & { router: TestHistory; user: UserEvent } {
  const router = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const user = userEvent.setup(options.userEventOptions);
  const tree = (
    <HistoryRouter history={router}>
      <AppRoutes table={options.routeObjects} />
    </HistoryRouter>
  );
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, user, ...utils };
}

/** Where the app has navigated to (the next page's code may still be loading). */
export function currentPath(router: TestHistory): string {
  return router.location.pathname;
}

/** Waits for a toast with this text in react-toastify's container. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const region = document.querySelector<HTMLElement>('.Toastify');
    if (!region) throw new Error('no toast container yet');
    return within(region).getByText(text);
  });
}
