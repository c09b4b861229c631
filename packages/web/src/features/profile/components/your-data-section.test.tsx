import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD,
  FAMILY_ERROR_CODES,
  GRADES,
  PARENT_PIN_HEADER,
  PIN_REQUIRED_MESSAGE,
  type ProfileResponse,
} from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockHandler, type RecordedCall } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, currentPath, learner, renderApp, storeSession } from '../../../test/render-app.tsx';

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

const exported = { format: 'quizquest-learner-data', account: { email: 'asha.parent@example.com' } };

async function openProfile(handlers: Record<string, MockHandler> = {}, user = learner) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: user },
    'GET /api/grades/get-grades': { body: GRADES },
    'GET /api/user/profile': { body: profile },
    ...handlers,
  });
  storeSession(user, 'token-of-asha');
  const app = renderApp('/profile');
  const section = await screen.findByRole('region', { name: 'Your data' });
  return { ...app, ...fetch, section };
}

/** Records what the page saves: the blob behind the object URL and the link it clicks. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:http://localhost/export-1';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { blobs, clicked };
}

describe('profile: Your data', () => {
  it('downloads the data with the bearer header, never a token in a URL, and saves it as a JSON file', async () => {
    const downloads = captureDownloads();
    const { user, section, callsTo } = await openProfile({ 'GET /api/user/export': { body: exported } });
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Your data has been downloaded.');
    const [call] = callsTo('GET', '/api/user/export');
    expect(call?.headers.get('authorization')).toBe('Bearer token-of-asha');
    expect(call?.search).toBe('');
    expect(downloads.clicked).toEqual([
      {
        href: 'blob:http://localhost/export-1',
        download: expect.stringMatching(/^quizquest-data-\d{4}-\d{2}-\d{2}\.json$/),
      },
    ]);
    expect(downloads.blobs[0]?.type).toBe('application/json');
    expect(JSON.parse(await downloads.blobs[0]!.text())).toEqual(exported);
  });

  it('says so when the download fails, and saves nothing', async () => {
    const downloads = captureDownloads();
    const { user, section } = await openProfile({
      'GET /api/user/export': { status: 500, body: { message: 'Internal Server Error' } },
    });
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(downloads.clicked).toEqual([]);
  });

  it('asks for the password in a dialog that keeps the focus and closes with Escape', async () => {
    const { user, section, callsTo } = await openProfile();
    const open = within(section).getByRole('button', { name: 'Delete account' });
    await user.click(open);

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');

    // Tab goes round inside the dialog.
    for (let index = 0; index < 6; index += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    // An empty password sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please type the password to confirm');
    expect(callsTo('POST', '/api/user/delete-account')).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows a wrong password in the dialog, keeps the session and lets the parent try again', async () => {
    const { user, section, callsTo, router } = await openProfile({
      'POST /api/user/delete-account': { status: 403, body: { message: DELETE_ACCOUNT_WRONG_PASSWORD } },
    });
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Password'), 'Not-the-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DELETE_ACCOUNT_WRONG_PASSWORD);
    expect(callsTo('POST', '/api/user/delete-account')[0]?.body).toEqual({ password: 'Not-the-password' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('token')).toBe('token-of-asha');
    expect(currentPath(router)).toBe('/profile');
  });

  it('deletes the account, signs out and says so on the login page', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const { user, section, router } = await openProfile({
      'POST /api/user/delete-account': () => reply.promise,
    });
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Password'), 'Quiz-Quest-Test-42');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    // While it runs, nothing can be clicked twice.
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    reply.resolve({ status: 200, body: { message: ACCOUNT_DELETED_MESSAGE } });

    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(screen.getByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('asks in Hindi before deleting the account', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/user/profile': { body: profile },
    });
    storeSession(learner, 'token-of-asha');
    showInHindi();
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'आपका डेटा' });
    expect(within(section).getByRole('link', { name: 'प्राइवेसी नोटिस' })).toHaveAttribute('href', '/privacy');
    expect(within(section).getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'खाता हटाएँ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'खाता हटाएँ?' });
    await user.click(within(dialog).getByRole('button', { name: 'मेरा खाता हटाएँ' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('पक्का करने के लिए कृपया पासवर्ड लिखें');
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers no deletion to an admin account', async () => {
    const { section } = await openProfile({}, admin);
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(within(section).getByText('Admin accounts cannot be deleted here.')).toBeInTheDocument();
  });

  describe('with a parent PIN set (decision 035)', () => {
    const proof = {
      body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
    };
    /** A guarded endpoint: its answer with the proof of a verified PIN, 'pin-required' without. */
    const guarded =
      (answer: { status?: number; body: unknown }): MockHandler =>
      (call: RecordedCall) =>
        call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
          ? answer
          : { status: 403, body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired } };

    it('asks for the PIN before the download, then downloads with the proof', async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        'GET /api/user/export': guarded({ body: exported }),
        'POST /api/account/pin/verify': proof,
      });
      await user.click(within(section).getByRole('button', { name: 'Download my data' }));
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      expect(await within(section).findByText('Your data has been downloaded.')).toBeInTheDocument();
      expect(callsTo('GET', '/api/user/export').map((call) => call.headers.get(PARENT_PIN_HEADER))).toEqual([
        null,
        'proof-1',
      ]);
      expect(downloads.clicked).toHaveLength(1);
    });

    it('downloads nothing when the PIN dialog is closed, and says why', async () => {
      const downloads = captureDownloads();
      const { user, section } = await openProfile({ 'GET /api/user/export': guarded({ body: exported }) });
      await user.click(within(section).getByRole('button', { name: 'Download my data' }));
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await within(section).findByText('Your data is downloaded only after a parent types the parent PIN.')).toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
      expect(downloads.clicked).toEqual([]);
    });

    it('asks for the PIN over the delete dialog, then deletes the account with the password and the proof', async () => {
      const { user, section, router, callsTo } = await openProfile({
        'POST /api/user/delete-account': guarded({ body: { message: ACCOUNT_DELETED_MESSAGE } }),
        'POST /api/account/pin/verify': proof,
      });
      await user.click(within(section).getByRole('button', { name: 'Delete account' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete account?' });
      await user.type(within(confirm).getByLabelText('Password'), 'Quiz-Quest-Test-42');
      await user.click(within(confirm).getByRole('button', { name: 'Delete my account' }));

      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      expect(within(dialog).getByLabelText('Parent PIN (4 digits)')).toHaveFocus();
      // Tab stays in the PIN dialog, not the one below.
      for (let index = 0; index < 4; index += 1) {
        await user.tab();
        expect(dialog).toContainElement(document.activeElement as HTMLElement);
      }
      await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
      expect(currentPath(router)).toBe('/login');
      const calls = callsTo('POST', '/api/user/delete-account');
      expect(calls.map((call) => [call.body, call.headers.get(PARENT_PIN_HEADER)])).toEqual([
        [{ password: 'Quiz-Quest-Test-42' }, null],
        [{ password: 'Quiz-Quest-Test-42' }, 'proof-1'],
      ]);
    });

    it('keeps the delete dialog and the password when the PIN dialog is closed', async () => {
      const { user, section, callsTo } = await openProfile({
        'POST /api/user/delete-account': guarded({ body: { message: ACCOUNT_DELETED_MESSAGE } }),
      });
      await user.click(within(section).getByRole('button', { name: 'Delete account' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete account?' });
      await user.type(within(confirm).getByLabelText('Password'), 'Quiz-Quest-Test-42');
      await user.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.keyboard('{Escape}');

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Parent PIN' })).not.toBeInTheDocument());
      expect(dialog).not.toBeInTheDocument();
      expect(within(confirm).getByRole('alert')).toHaveTextContent(
        'The account is deleted only after a parent types the parent PIN.',
      );
      expect(within(confirm).getByLabelText('Password')).toHaveValue('Quiz-Quest-Test-42');
      expect(within(confirm).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
      expect(callsTo('POST', '/api/user/delete-account')).toHaveLength(1);
      expect(localStorage.getItem('token')).toBe('token-of-asha');
    });
  });
});
