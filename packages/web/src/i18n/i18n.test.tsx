import { render, screen } from '@testing-library/react';
import { MemoryRouter, Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { showInHindi } from '../test/language.ts';
import { formatDate } from './format.ts';
import { currentLanguage, initialLanguage, LANGUAGE_KEY, switchLanguage, translate } from './i18n.ts';
import { Message } from './message.tsx';
import { useText } from './use-text.ts';

function Title() {
  const t = useText();
  return <h1>{t('auth.login.title')}</h1>;
}

describe('i18n', () => {
  it('starts in the language chosen before, else the browser’s Hindi, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    expect(initialLanguage()).toBe('en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en-IN']);
    expect(initialLanguage()).toBe('hi');
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(initialLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ta-IN']);
    expect(initialLanguage()).toBe('en');
  });

  it('switches every mounted text, <html lang> and the stored choice', async () => {
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Welcome Back');
    await switchLanguage('hi');
    expect(await screen.findByRole('heading')).toHaveTextContent('फिर से स्वागत है');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(currentLanguage()).toBe('hi');
    expect(translate('auth.login.submit')).toBe('लॉग इन करें');
    await switchLanguage('en');
    expect(await screen.findByRole('heading')).toHaveTextContent('Welcome Back');
    expect(document.documentElement.lang).toBe('en');
  });

  it('puts elements into a message’s tags, in either language', () => {
    const { container } = render(
      <MemoryRouter>
        <Message id="auth.login.noAccount" components={{ 0: <Link to="/signup" /> }} />
      </MemoryRouter>,
    );
    expect(container).toHaveTextContent("Don't have an account? Sign up");
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    showInHindi();
    expect(screen.getByRole('link', { name: 'साइन अप करें' })).toHaveAttribute('href', '/signup');
    expect(container).toHaveTextContent('खाता नहीं है? साइन अप करें');
  });

  it('writes dates in the language shown', () => {
    const date = new Date('2026-03-12T06:00:00Z');
    expect(formatDate(date, 'long', 'Asia/Kolkata')).toBe('12 March 2026');
    showInHindi();
    expect(formatDate(date, 'long', 'Asia/Kolkata')).toBe('12 मार्च 2026');
    expect(formatDate('not a date', 'long')).toBe('');
  });
});
