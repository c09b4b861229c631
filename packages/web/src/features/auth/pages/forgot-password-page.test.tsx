import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { showInHindi } from '../../../test/language.ts';

async function openForgot(handler: MockHandler) {
  const fetch = mockFetch({ 'POST /api/auth/forgot-password': handler });
  const app = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  return { ...app, ...fetch };
}

describe('forgot password page', () => {
  it('is a card with one required e-mail input and the Send Reset Link button', async () => {
    await openForgot({ body: {} });
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot Password' }).closest('.card')).toHaveClass(
      'card-narrow',
    );
  });

  it("shows the server's message in green and clears the input", async () => {
    const message = 'If an account exists for this email, a password reset link has been sent.';
    const { user, callsTo } = await openForgot({ body: { message } });
    await user.type(screen.getByLabelText('Email'), 'Asha@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(message)).toHaveClass('form-success');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ email: 'asha@example.com' });
  });

  it("says 'Password reset email sent' when the server sends no message", async () => {
    const { user } = await openForgot({ body: {} });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset email sent')).toHaveClass('form-success');
  });

  it("shows the server's error in red and keeps the input", async () => {
    const { user } = await openForgot({
      status: 429,
      body: { message: 'Too many requests. Please wait a few minutes and try again.' },
    });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Too many requests. Please wait a few minutes and try again.');
    expect(error).toHaveClass('form-error');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it("falls back to 'Something went wrong', and clears old messages on the next submit", async () => {
    let call = 0;
    const second = deferred<MockReply>();
    const { user } = await openForgot(() => {
      call += 1;
      if (call === 1) throw new TypeError('Failed to fetch');
      return second.promise;
    });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.resolve({ body: {} });
    expect(await screen.findByText('Password reset email sent')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('speaks Hindi, its fallbacks included', async () => {
    showInHindi();
    let call = 0;
    mockFetch({
      'POST /api/auth/forgot-password': () => {
        call += 1;
        if (call === 1) throw new TypeError('Failed to fetch');
        return { body: {} };
      },
    });
    const { user } = renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'पासवर्ड भूल गए?' })).toBeInTheDocument();
    expect(document.title).toBe('पासवर्ड भूल गए | QuizQuest');
    await user.type(screen.getByLabelText('ईमेल'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^कुछ गड़बड़ हो गई$/);
    await user.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await screen.findByText('पासवर्ड रीसेट करने का ईमेल भेज दिया गया है')).toHaveClass('form-success');
    expect(screen.getByRole('link', { name: 'लॉग इन पर वापस जाएँ' })).toHaveAttribute('href', '/login');
  });
});
