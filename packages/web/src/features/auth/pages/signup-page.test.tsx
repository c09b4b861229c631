import { act, screen, waitFor } from '@testing-library/react';
import { CONSENT_TEXT, GRADES, SIGNUP_REDIRECT_DELAY_MS } from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { useFakeClock, useRealClock } from '../../../test/fake-clock.ts';
import { showInHindi } from '../../../test/language.ts';
import { currentPath, findToast, renderApp } from '../../../test/render-app.tsx';

const grades = { 'GET /api/grades/get-grades': { body: GRADES } };

async function openSignup(handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({ ...grades, ...handlers });
  const app = renderApp('/signup');
  await screen.findByRole('heading', { level: 1, name: 'Create Your Account' });
  await screen.findByRole('option', { name: 'Class 3' });
  return { ...app, ...fetch };
}

async function fillForm(user: Awaited<ReturnType<typeof openSignup>>['user'], consent = true) {
  await user.type(screen.getByLabelText('First name'), 'Asha');
  await user.type(screen.getByLabelText('Last name'), 'Rao');
  await user.type(screen.getByLabelText('Email'), 'Asha.Parent@Example.com');
  await user.selectOptions(screen.getByLabelText('Grade'), 'Class 3');
  await user.type(screen.getByLabelText('Password'), 'a long password');
  if (consent) await user.click(screen.getByLabelText(CONSENT_TEXT));
}

describe('signup page', () => {
  it('has the fields of the spec, the grades from the API and the consent with its link', async () => {
    const { callsTo } = await openSignup();
    for (const label of ['First name', 'Last name', 'Email', 'Grade', 'Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(callsTo('GET', '/api/grades/get-grades')).toHaveLength(1);
    expect(screen.getAllByRole('option')).toHaveLength(GRADES.length + 1);
    const consent = screen.getByRole('checkbox', { name: CONSENT_TEXT });
    expect(consent).toBeRequired();
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('still offers the grade catalogue when the grade list cannot be loaded', async () => {
    mockFetch({ 'GET /api/grades/get-grades': { status: 500 } });
    renderApp('/signup');
    expect(await screen.findByRole('option', { name: 'Nursery' })).toBeInTheDocument();
  });

  it('names every missing field, consent included, and sends nothing', async () => {
    const { user, callsTo } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a grade from the list')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('A parent or guardian must agree to the privacy notice')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(callsTo('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('does not sign up without the consent', async () => {
    const { user, callsTo } = await openSignup();
    await fillForm(user, false);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('A parent or guardian must agree to the privacy notice')).toBeInTheDocument();
    expect(screen.getByLabelText(CONSENT_TEXT)).toHaveFocus();
    expect(callsTo('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it("reads 'Signing up...' while busy; on 201 shows the check-e-mail message, the toast, and goes to /login after 4 s", async () => {
    const answer = deferred<MockReply>();
    const { user, router, callsTo } = await openSignup({ 'POST /api/auth/signup': () => answer.promise });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha.parent@example.com',
      password: 'a long password',
      grade: 'c-3',
      consent: true,
      language: 'en',
    });

    // From here on the clock only moves when the test moves it.
    useFakeClock();
    answer.resolve({
      status: 201,
      body: { message: 'Signup successful! Please check your email to verify your account.' },
    });
    expect(
      await screen.findByText('Signup successful! Please check your email to verify your account.'),
    ).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(SIGNUP_REDIRECT_DELAY_MS - 1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(currentPath(router)).toBe('/signup');
    act(() => vi.advanceTimersByTime(1));
    // The navigation has started; loading the login page's code takes real time.
    useRealClock();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(await findToast('Signup successful! Redirecting to login...')).toBeInTheDocument();
  });

  it('shows the server message inline and as a toast, with the field it names', async () => {
    const { user, router } = await openSignup({
      'POST /api/auth/signup': {
        status: 400,
        body: {
          message: 'This password is too common. Please choose another.',
          errors: { password: 'This password is too common. Please choose another.' },
        },
      },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const message = 'This password is too common. Please choose another.';
    expect(await screen.findByText(message, { selector: '.form-error' })).toHaveAttribute('role', 'alert');
    expect(await findToast(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(currentPath(router)).toBe('/signup');
  });

  it("falls back to 'Signup failed' inline and as a toast", async () => {
    const { user } = await openSignup({ 'POST /api/auth/signup': { status: 503 } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(/^Signup failed$/, { selector: '.form-error' })).toBeInTheDocument();
    expect(await findToast(/^Signup failed$/)).toBeInTheDocument();
  });

  it("says 'Signup failed.' when the answer is a success other than 201", async () => {
    const { user, router } = await openSignup({
      'POST /api/auth/signup': { status: 200, body: { message: 'ok' } },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(/^Signup failed\.$/, { selector: '.form-error' })).toBeInTheDocument();
    expect(await findToast(/^Signup failed\.$/)).toBeInTheDocument();
    expect(screen.queryByText('Signup successful! Redirecting to login...')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/signup');
  });

  it('speaks Hindi, checks the form in Hindi and signs up in Hindi', async () => {
    showInHindi();
    const { callsTo } = mockFetch({ ...grades, 'POST /api/auth/signup': { status: 201, body: {} } });
    const { user } = renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना खाता बनाएँ' })).toBeInTheDocument();
    expect(document.title).toBe('साइन अप | QuizQuest');
    await user.click(screen.getByRole('button', { name: 'साइन अप करें' }));
    expect(screen.getByText('पहला नाम लिखना ज़रूरी है')).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeInTheDocument();
    expect(screen.getByText('माता-पिता या अभिभावक का प्राइवेसी नोटिस से सहमत होना ज़रूरी है')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/signup')).toHaveLength(0);

    await user.type(screen.getByLabelText('पहला नाम'), 'Asha');
    await user.type(screen.getByLabelText('उपनाम'), 'Rao');
    await user.type(screen.getByLabelText('ईमेल'), 'asha.parent@example.com');
    await user.selectOptions(screen.getByLabelText('कक्षा'), 'c-3');
    await user.type(screen.getByLabelText('पासवर्ड'), 'a long password');
    await user.click(screen.getByRole('checkbox', { name: /प्राइवेसी नोटिस से सहमत हूँ$/ }));
    await user.click(screen.getByRole('button', { name: 'साइन अप करें' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना ईमेल देखें' })).toBeInTheDocument();
    expect(screen.getByText('साइन अप हो गया! अपने खाते की पुष्टि के लिए कृपया अपना ईमेल देखें।')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/signup')[0]?.body).toMatchObject({ language: 'hi', consent: true });
  });
});
