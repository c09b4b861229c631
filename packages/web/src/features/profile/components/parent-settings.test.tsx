import { screen, waitFor, within } from '@testing-library/react';
import { GRADES, type ProfileResponse } from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { ashaSummary, familyOf } from '../../../test/family.ts';
import { deferred, mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const profile: ProfileResponse = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha.parent@example.com',
  phone: null,
  gender: null,
  dob: null,
  avatar: null,
  grade: 'c-3',
  subscription: 'free',
  subscriptionEndsAt: null,
  quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
  allowedLevel: 0,
};

const WRONG_PASSWORD = 'The password is not correct. Nothing was changed.';

/** The server's account: the PIN and the digest choice as the PUTs leave them. */
function accountServer(start: { pinSet?: boolean; weeklyDigest?: boolean } = {}) {
  const account = { pinSet: false, weeklyDigest: false, ...start };
  const handlers: Record<string, MockHandler> = {
    'GET /api/auth/me': { body: learner },
    'GET /api/grades/get-grades': { body: GRADES },
    'GET /api/user/profile': { body: profile },
    'GET /api/learners': () => ({ body: familyOf([ashaSummary], account) }),
    'PUT /api/account/pin': (call) => {
      const body = call.body as { password: string; pin: string | null };
      if (body.password !== 'Quiz-Quest-Test-42') return { status: 403, body: { message: WRONG_PASSWORD } };
      account.pinSet = body.pin !== null;
      return { body: { message: 'saved' } };
    },
    'PUT /api/account/digest': (call) => {
      account.weeklyDigest = (call.body as { weeklyDigest: boolean }).weeklyDigest;
      return { body: { message: 'Your choice is saved.' } };
    },
  };
  return { account, handlers };
}

async function openProfile(handlers: Record<string, MockHandler>) {
  const fetch = mockFetch(handlers);
  storeSession(learner, 'token-of-asha');
  const app = renderApp('/profile');
  // The settings loaded: the section says whether a PIN is set.
  await screen.findByText(/^(A parent PIN is set|No parent PIN is set)\.$/);
  const pin = screen.getByRole('region', { name: 'Parent PIN' });
  return { ...app, ...fetch, pin };
}

describe('profile: Parent PIN', () => {
  it('says what the PIN guards and that it is optional, and sets one typed twice with the password', async () => {
    const { account, handlers } = accountServer();
    const { user, pin, callsTo } = await openProfile(handlers);
    expect(await within(pin).findByText('No parent PIN is set.')).toBeInTheDocument();
    expect(
      within(pin)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'buying a plan',
      'adding or removing a child',
      'downloading your data',
      'reading the family report',
      'deleting the account',
    ]);
    expect(within(pin).getByText(/optional/)).toBeInTheDocument();
    expect(within(pin).queryByRole('button', { name: 'Remove the PIN' })).not.toBeInTheDocument();

    await user.click(within(pin).getByRole('button', { name: 'Set a PIN' }));
    const first = within(pin).getByLabelText('New PIN (4 digits)');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('inputmode', 'numeric');
    expect(first).toHaveAttribute('autocomplete', 'off');
    await user.type(first, '4821');
    await user.type(within(pin).getByLabelText('Type the new PIN again'), '4821');
    await user.type(within(pin).getByLabelText('Password'), 'Quiz-Quest-Test-42');
    await user.click(within(pin).getByRole('button', { name: 'Save PIN' }));

    expect(await within(pin).findByRole('status')).toHaveTextContent('The parent PIN is saved.');
    expect(callsTo('PUT', '/api/account/pin')[0]?.body).toEqual({
      password: 'Quiz-Quest-Test-42',
      pin: '4821',
    });
    expect(account.pinSet).toBe(true);
    expect(within(pin).getByText('A parent PIN is set.')).toBeInTheDocument();
    expect(within(pin).getByRole('button', { name: 'Change the PIN' })).toHaveFocus();
    expect(within(pin).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('checks the form before it asks the server: four digits, the same twice, the password', async () => {
    const { handlers } = accountServer();
    const { user, pin, callsTo } = await openProfile(handlers);
    await user.click(await within(pin).findByRole('button', { name: 'Set a PIN' }));
    const first = within(pin).getByLabelText('New PIN (4 digits)');
    await user.type(first, '48');
    await user.click(within(pin).getByRole('button', { name: 'Save PIN' }));
    expect(within(pin).getByText('The PIN is 4 digits.')).toBeInTheDocument();
    expect(first).toHaveFocus();

    await user.type(first, '21');
    await user.type(within(pin).getByLabelText('Type the new PIN again'), '4812');
    await user.click(within(pin).getByRole('button', { name: 'Save PIN' }));
    expect(within(pin).getByText('The two PINs are not the same.')).toBeInTheDocument();
    expect(within(pin).getByText('Please type the password to confirm')).toBeInTheDocument();
    expect(within(pin).getByLabelText('Type the new PIN again')).toHaveFocus();
    expect(callsTo('PUT', '/api/account/pin')).toEqual([]);

    await user.click(within(pin).getByRole('button', { name: 'Cancel' }));
    expect(within(pin).queryByLabelText('New PIN (4 digits)')).not.toBeInTheDocument();
    expect(within(pin).getByRole('button', { name: 'Set a PIN' })).toHaveFocus();
  });

  it('shows a wrong password and keeps the form for another go', async () => {
    const { account, handlers } = accountServer();
    const { user, pin } = await openProfile(handlers);
    await user.click(await within(pin).findByRole('button', { name: 'Set a PIN' }));
    await user.type(within(pin).getByLabelText('New PIN (4 digits)'), '4821');
    await user.type(within(pin).getByLabelText('Type the new PIN again'), '4821');
    await user.type(within(pin).getByLabelText('Password'), 'not-it');
    await user.click(within(pin).getByRole('button', { name: 'Save PIN' }));

    expect(await within(pin).findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    const password = within(pin).getByLabelText('Password');
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    expect(within(pin).getByLabelText('New PIN (4 digits)')).toHaveValue('4821');
    expect(account.pinSet).toBe(false);
  });

  it('changes and removes a PIN that is set, with the password', async () => {
    const { account, handlers } = accountServer({ pinSet: true });
    const { user, pin, callsTo } = await openProfile(handlers);
    expect(await within(pin).findByText('A parent PIN is set.')).toBeInTheDocument();

    await user.click(within(pin).getByRole('button', { name: 'Change the PIN' }));
    expect(within(pin).getByRole('heading', { name: 'Change the parent PIN' })).toBeInTheDocument();
    await user.type(within(pin).getByLabelText('New PIN (4 digits)'), '1357');
    await user.type(within(pin).getByLabelText('Type the new PIN again'), '1357');
    await user.type(within(pin).getByLabelText('Password'), 'Quiz-Quest-Test-42');
    await user.click(within(pin).getByRole('button', { name: 'Save PIN' }));
    expect(await within(pin).findByRole('status')).toHaveTextContent('The parent PIN is saved.');

    await user.click(within(pin).getByRole('button', { name: 'Remove the PIN' }));
    expect(
      within(pin).getByText(/Without a PIN, anyone using this account can buy plans/),
    ).toBeInTheDocument();
    expect(within(pin).queryByLabelText('New PIN (4 digits)')).not.toBeInTheDocument();
    expect(within(pin).getByLabelText('Password')).toHaveFocus();
    await user.type(within(pin).getByLabelText('Password'), 'Quiz-Quest-Test-42');
    await user.click(within(pin).getByRole('button', { name: 'Remove PIN' }));

    expect(await within(pin).findByText('No parent PIN is set.')).toBeInTheDocument();
    expect(within(pin).getByRole('status')).toHaveTextContent('The parent PIN is removed.');
    expect(callsTo('PUT', '/api/account/pin').map((call) => call.body)).toEqual([
      { password: 'Quiz-Quest-Test-42', pin: '1357' },
      { password: 'Quiz-Quest-Test-42', pin: null },
    ]);
    expect(account.pinSet).toBe(false);
    expect(within(pin).getByRole('button', { name: 'Set a PIN' })).toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { handlers } = accountServer({ pinSet: true });
    mockFetch({
      ...handlers,
      'GET /api/learners': () =>
        fail
          ? { status: 503, body: { message: 'Down' } }
          : { body: familyOf([ashaSummary], { pinSet: true }) },
    });
    storeSession(learner, 'token-of-asha');
    const { user } = renderApp('/profile');
    const pin = await screen.findByRole('region', { name: 'Parent PIN' });
    expect(await within(pin).findByRole('alert')).toHaveTextContent(
      'The parent settings could not be loaded.',
    );
    fail = false;
    await user.click(within(pin).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A parent PIN is set.')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    const { handlers } = accountServer();
    mockFetch(handlers);
    storeSession(learner, 'token-of-asha');
    showInHindi();
    renderApp('/profile');
    expect(await screen.findByText('माता-पिता का कोई पिन नहीं बना है।')).toBeInTheDocument();
    const pin = screen.getByRole('region', { name: 'माता-पिता का पिन' });
    expect(within(pin).getByRole('button', { name: 'पिन बनाएँ' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'मुझे हफ़्ते की ईमेल रिपोर्ट भेजें' })).not.toBeChecked();
  });

  it('is not offered to an admin', async () => {
    mockFetch({
      'GET /api/auth/me': { body: admin },
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/user/profile': { body: profile },
    });
    storeSession(admin, 'token-of-admin');
    renderApp('/profile');
    await screen.findByRole('region', { name: 'Your data' });
    expect(screen.queryByRole('region', { name: 'Parent PIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('profile: Weekly e-mail report', () => {
  it('shows the saved choice and turns the report on and off at once', async () => {
    const { account, handlers } = accountServer({ weeklyDigest: false });
    const { user, callsTo } = await openProfile(handlers);
    const report = screen.getByRole('region', { name: 'Weekly e-mail report' });
    const toggle = within(report).getByRole('switch', { name: 'Send me the weekly e-mail report' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Once a week we can e-mail you how each child did/);

    await user.click(toggle);
    expect(
      await within(report).findByText('The weekly report is on. It goes to asha.parent@example.com.'),
    ).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(account.weeklyDigest).toBe(true);

    await user.click(toggle);
    expect(await within(report).findByText('The weekly report is off.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(callsTo('PUT', '/api/account/digest').map((call) => call.body)).toEqual([
      { weeklyDigest: true },
      { weeklyDigest: false },
    ]);
  });

  it('reads a report already on, and turns back when the choice cannot be saved', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const { handlers } = accountServer({ weeklyDigest: true });
    const { user } = await openProfile({ ...handlers, 'PUT /api/account/digest': () => reply.promise });
    const report = screen.getByRole('region', { name: 'Weekly e-mail report' });
    const toggle = await within(report).findByRole('switch', { checked: true });

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    reply.resolve({ status: 500, body: {} });
    expect(await within(report).findByRole('alert')).toHaveTextContent(
      'Your choice could not be saved. Please try again.',
    );
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });
});
