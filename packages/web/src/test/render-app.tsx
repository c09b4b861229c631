import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionUser } from '@quizquest/shared';
import { routes } from '../app/routes.tsx';

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

/** Renders the real route table in a memory router at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const router = createMemoryRouter(options.routeObjects ?? routes, { initialEntries: [path] });
  const user = userEvent.setup(options.userEventOptions);
  const tree = <RouterProvider router={router} />;
  const utils = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, user, ...utils };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}

/** Where the router is going, or where it is when no navigation is under way (lazy pages load first). */
export function targetPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.navigation.location?.pathname ?? router.state.location.pathname;
}

/** Waits for a toast with this text in react-toastify's container. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const region = document.querySelector<HTMLElement>('.Toastify');
    if (!region) throw new Error('no toast container yet');
    return within(region).getByText(text);
  });
}
