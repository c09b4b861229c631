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
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/downloads.ts';
import { ashaSummary, familyOf, raviSummary } from '../../../test/family.ts';
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

const proof = {
  body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
};
/** A guarded endpoint: its answer with the proof of a verified PIN, 'pin-required' without. */
const guarded =
  (answer: { status?: number; body: unknown; headers?: Record<string, string> }): MockHandler =>
  (call: RecordedCall) =>
    call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
      ? answer
      : { status: 403, body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired } };

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
      expect(
        await within(section).findByText('Your data is downloaded only after a parent types the parent PIN.'),
      ).toBeInTheDocument();
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

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Parent PIN' })).not.toBeInTheDocument(),
      );
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

  describe('for a family account (decision 035)', () => {
    const familyFile = {
      format: 'quizquest-account-data',
      version: 1,
      exportedAt: '2026-03-04T05:06:07.000Z',
      learners: [exported, { format: 'quizquest-learner-data', account: { email: null } }],
    };
    const familyFileName = { 'content-disposition': 'attachment; filename="quizquest-data-2026-03-04.json"' };

    it("offers the whole family's data only once the account has a second child", async () => {
      let family = [ashaSummary];
      const { user, section } = await openProfile({
        'GET /api/learners': () => ({ body: familyOf(family) }),
        'POST /api/learners': () => {
          family = [ashaSummary, raviSummary];
          return { status: 201, body: raviSummary };
        },
      });
      // The account's learners are read: the Children section lists its one child.
      const children = screen.getByRole('region', { name: 'Children' });
      expect(await within(children).findAllByRole('listitem')).toHaveLength(1);
      await screen.findByText('No parent PIN is set.');
      expect(
        within(section).queryByRole('button', { name: "Download the whole family's data" }),
      ).not.toBeInTheDocument();
      expect(within(section).queryByText(/saves/)).not.toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Download my data' })).not.toHaveAttribute(
        'aria-describedby',
      );

      const form = within(children).getByRole('form', { name: 'Add a child' });
      await user.type(within(form).getByLabelText("Child's first name"), 'Ravi');
      await user.type(within(form).getByLabelText("Child's last name"), 'Rao');
      await user.selectOptions(within(form).getByLabelText("Child's grade"), 'Jr. Kg');
      await user.click(within(form).getByRole('button', { name: 'Add child' }));

      const familyButton = await within(section).findByRole('button', {
        name: "Download the whole family's data",
      });
      expect(familyButton).toHaveAccessibleDescription(
        "“Download the whole family's data” saves one file with the data of every child on this account.",
      );
      expect(within(section).getByRole('button', { name: 'Download my data' })).toHaveAccessibleDescription(
        "“Download my data” saves a file with Asha Rao's data only.",
      );
    });

    it("asks for the parent PIN, then saves every child's data from GET /api/account/export under the server's name", async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        'GET /api/learners': { body: familyOf() },
        'GET /api/account/export': guarded({ body: familyFile, headers: familyFileName }),
        'POST /api/account/pin/verify': proof,
      });
      const button = await within(section).findByRole('button', { name: "Download the whole family's data" });
      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      expect(downloads.clicked).toEqual([]);
      await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      expect(await within(section).findByRole('status')).toHaveTextContent(
        "The whole family's data has been downloaded.",
      );
      const calls = callsTo('GET', '/api/account/export');
      expect(calls.map((call) => call.headers.get(PARENT_PIN_HEADER))).toEqual([null, 'proof-1']);
      expect(calls[1]?.headers.get('authorization')).toBe('Bearer token-of-asha');
      expect(callsTo('GET', '/api/user/export')).toEqual([]);
      expect(downloads.clicked).toEqual([
        { href: 'blob:http://localhost/export-1', download: 'quizquest-data-2026-03-04.json' },
      ]);
      expect(downloads.blobs[0]?.type).toBe('application/json');
      expect(JSON.parse(await downloads.blobs[0]!.text())).toEqual(familyFile);
      expect(button).toBeEnabled();
    });

    it('downloads nothing when the PIN dialog is closed, and says why', async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        'GET /api/learners': { body: familyOf() },
        'GET /api/account/export': guarded({ body: familyFile }),
      });
      await user.click(
        await within(section).findByRole('button', { name: "Download the whole family's data" }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(
        await within(section).findByText(
          "The family's data is downloaded only after a parent types the parent PIN.",
        ),
      ).toBeInTheDocument();
      expect(callsTo('GET', '/api/account/export')).toHaveLength(1);
      expect(downloads.clicked).toEqual([]);
    });

    it('says so when the family download fails, and keeps the one-child download as it was', async () => {
      const downloads = captureDownloads();
      const reply = deferred<{ status: number; body: unknown }>();
      const { user, section } = await openProfile({
        'GET /api/learners': { body: familyOf() },
        'GET /api/account/export': () => reply.promise,
      });
      await user.click(
        await within(section).findByRole('button', { name: "Download the whole family's data" }),
      );
      // While it runs, neither download can start.
      expect(within(section).getByRole('button', { name: "Preparing the family's data..." })).toBeDisabled();
      expect(within(section).getByRole('button', { name: 'Download my data' })).toBeDisabled();
      reply.resolve({ status: 500, body: { message: 'Internal Server Error' } });

      expect(await within(section).findByRole('alert')).toHaveTextContent('Internal Server Error');
      expect(downloads.clicked).toEqual([]);
      expect(within(section).getByRole('button', { name: "Download the whole family's data" })).toBeEnabled();
    });

    it('speaks Hindi', async () => {
      mockFetch({
        'GET /api/auth/me': { body: learner },
        'GET /api/grades/get-grades': { body: GRADES },
        'GET /api/user/profile': { body: profile },
        'GET /api/learners': { body: familyOf() },
      });
      storeSession(learner, 'token-of-asha');
      showInHindi();
      renderApp('/profile');
      const section = await screen.findByRole('region', { name: 'आपका डेटा' });
      expect(
        await within(section).findByRole('button', { name: 'पूरे परिवार का डेटा डाउनलोड करें' }),
      ).toHaveAccessibleDescription(
        '“पूरे परिवार का डेटा डाउनलोड करें” से इस खाते के हर बच्चे के डेटा की एक फ़ाइल मिलती है।',
      );
      expect(within(section).getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' })).toHaveAccessibleDescription(
        '“मेरा डेटा डाउनलोड करें” से सिर्फ़ Asha Rao के डेटा की फ़ाइल मिलती है।',
      );
    });
  });
});
