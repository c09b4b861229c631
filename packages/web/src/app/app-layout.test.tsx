import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { admin, currentPath, learner, renderApp, storeSession } from '../test/render-app.tsx';

async function signedInAt(path: string) {
  mockFetch({ 'GET /api/auth/me': { body: learner } });
  storeSession();
  const app = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main' });
  return app;
}

describe('signed-in layout', () => {
  it('lists the sidebar items of the spec in order, each with an id and a tour name', async () => {
    await signedInAt('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('data-tour', 'sidebar');
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild);
    expect(items.map((item) => item?.textContent)).toEqual([
      'Certification Quizzes',
      'Download Certificates',
      'Practice Quizzes',
      'Scoreboard',
      'Profile',
      'Family report',
      'Logout',
    ]);
    expect(items.map((item) => item?.getAttribute('href') ?? item?.tagName)).toEqual([
      '/dashboard',
      '/my-certifications',
      '/quizzes',
      '/quizzes/my-attempts',
      '/profile',
      '/family-report',
      'BUTTON',
    ]);
    for (const item of items) {
      expect(item?.id).not.toBe('');
      expect(item?.getAttribute('data-tour')).not.toBeNull();
    }
    expect(within(nav).getByRole('link', { name: 'Certification Quizzes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Practice Quizzes' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('offers the family report to learners only, not to admins', async () => {
    mockFetch({ 'GET /api/auth/me': { body: admin } });
    storeSession(admin);
    renderApp('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Family report' })).not.toBeInTheDocument();
  });

  it('the menu button toggles the sidebar and navigation closes it', async () => {
    const { user, router } = await signedInAt('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(currentPath(router)).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the open menu', async () => {
    const { user } = await signedInAt('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('Logout asks first, then clears the session and leaves the signed-in area', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = await signedInAt('/quizzes');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to logout?');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(currentPath(router)).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('Logout does nothing when the question is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = await signedInAt('/quizzes');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(currentPath(router)).toBe('/quizzes');
    expect(localStorage.getItem('token')).toBe('stored-token');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Practice Quizzes' })).toBeInTheDocument(),
    );
  });
});
