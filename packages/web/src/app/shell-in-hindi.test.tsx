import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { showInHindi } from '../test/language.ts';
import { learner, renderApp, storeSession } from '../test/render-app.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

describe('the app shell in Hindi', () => {
  it('shows the sidebar, the menu button and the upgrade link in Hindi', async () => {
    mockFetch({ 'GET /api/auth/me': { body: learner } });
    storeSession();
    showInHindi();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'सर्टिफ़िकेशन क्विज़',
      'प्रमाणपत्र डाउनलोड करें',
      'अभ्यास क्विज़',
      'स्कोरबोर्ड',
      'प्रोफ़ाइल',
      'परिवार की रिपोर्ट',
      'लॉग आउट',
    ]);
    expect(screen.getByRole('button', { name: 'मेन्यू खोलें या बंद करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'अपग्रेड करें' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'सीधे मुख्य हिस्से पर जाएँ' })).toHaveAttribute('href', '#main');
  });

  it('asks before logging out in Hindi', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    mockFetch({ 'GET /api/auth/me': { body: learner } });
    storeSession();
    showInHindi();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'लॉग आउट' }));
    expect(confirm).toHaveBeenCalledWith('क्या आप सच में लॉग आउट करना चाहते हैं?');
  });

  it('shows the 404 page in Hindi, with its title', async () => {
    mockFetch();
    showInHindi();
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: '404 - पेज नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'प्राइवेसी नोटिस' })).toHaveAttribute('href', '/privacy');
    expect(document.title).toBe('पेज नहीं मिला | QuizQuest');
  });

  it('shows the error page in Hindi', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    showInHindi();
    renderApp('/boom', {
      routeObjects: [
        {
          path: '*',
          element: (
            <RouteErrorBoundary>
              <Routes>
                <Route path="*" element={<Boom />} />
              </Routes>
            </RouteErrorBoundary>
          ),
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'ऐप में अचानक कुछ गड़बड़ हो गई!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
    expect(document.title).toBe('गड़बड़ी | QuizQuest');
  });
});
