import { screen, waitFor, within } from '@testing-library/react';
import {
  FAMILY_ERROR_CODES,
  GRADES,
  LEARNER_LIMIT_MESSAGE,
  PARENT_PIN_HEADER,
  PIN_REQUIRED_MESSAGE,
  REMOVE_LEARNER_WRONG_PASSWORD,
  type LearnerSummary,
  type ProfileResponse,
} from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/downloads.ts';
import {
  ashaSummary,
  familyOf,
  meByToken,
  ravi,
  raviSummary,
  selected,
  tokenOf,
} from '../../../test/family.ts';
import { deferred, mockFetch, type MockHandler, type RecordedCall } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const profileOf = (first: string): ProfileResponse => ({
  first_name: first,
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
});

/** GET /api/user/profile answers the token's learner. */
const profileByToken: MockHandler = (call: RecordedCall) => ({
  body: profileOf(call.headers.get('authorization') === `Bearer ${tokenOf('u2')}` ? 'Ravi' : 'Asha'),
});

interface Options {
  handlers?: Record<string, MockHandler>;
  learners?: LearnerSummary[];
  maxLearners?: number;
  signedInAs?: typeof learner;
}

async function openProfile({
  handlers = {},
  learners = [ashaSummary, raviSummary],
  maxLearners = 6,
  signedInAs = learner,
}: Options = {}) {
  let family = [...learners];
  const fetch = mockFetch({
    'GET /api/auth/me': meByToken([learner, ravi]),
    'GET /api/grades/get-grades': { body: GRADES },
    'GET /api/user/profile': profileByToken,
    'GET /api/learners': (call) => ({
      body: familyOf(family, {
        maxLearners,
        activeLearnerId: call.headers.get('authorization') === `Bearer ${tokenOf('u2')}` ? 'u2' : 'u1',
      }),
    }),
    'POST /api/learners/u1/select': selected(learner),
    ...handlers,
  });
  storeSession(signedInAs, tokenOf(signedInAs._id));
  const app = renderApp('/profile');
  const section = await screen.findByRole('region', { name: 'Children' });
  await within(section).findByRole('list');
  return {
    ...app,
    ...fetch,
    section,
    setFamily: (next: LearnerSummary[]) => {
      family = next;
    },
  };
}

const addedChild: LearnerSummary = {
  ...raviSummary,
  id: 'u3',
  first_name: 'Meera',
  grade: 'c-1',
  avatar: null,
  subscription: 'free',
  subscriptionEndsAt: null,
};

describe("profile: the account's children", () => {
  it('lists each child with grade, plan, a download and a Remove', async () => {
    const { section } = await openProfile();
    expect(within(section).getByText(/Up to 6 children can learn with this account/)).toBeInTheDocument();
    const rows = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [asha, raviRow] = rows as [HTMLElement, HTMLElement];
    expect(within(asha).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(asha).getByText('Learning now')).toBeInTheDocument();
    expect(within(asha).getByText('Class 3 · Free Plan')).toBeInTheDocument();
    // The first child can be removed too while another child is left (the account passes on).
    expect(within(asha).getAllByRole('button')).toEqual([
      within(asha).getByRole('button', { name: "Download Asha Rao's data" }),
      within(asha).getByRole('button', { name: 'Remove Asha Rao' }),
    ]);
    expect(within(asha).getByRole('button', { name: "Download Asha Rao's data" })).toHaveTextContent(
      'Download data',
    );

    expect(within(raviRow).getByText('Ravi Rao')).toBeInTheDocument();
    expect(within(raviRow).queryByText('Learning now')).not.toBeInTheDocument();
    expect(within(raviRow).getByText('Jr. Kg · Ultimate Plan')).toBeInTheDocument();
    expect(within(raviRow).getByText('Active until 10 January 2027')).toBeInTheDocument();
    expect(within(raviRow).getByRole('button', { name: 'Remove Ravi Rao' })).toHaveTextContent('Remove');
    expect(within(raviRow).getByRole('button', { name: "Download Ravi Rao's data" })).toHaveTextContent(
      'Download data',
    );
    expect(within(section).getByRole('form', { name: 'Add a child' })).toBeInTheDocument();
  });

  it('hides Add a child when the account is full', async () => {
    const { section } = await openProfile({ maxLearners: 2 });
    expect(within(section).queryByRole('form', { name: 'Add a child' })).not.toBeInTheDocument();
    expect(
      within(section).getByText('This account has 2 children, the most it can have.'),
    ).toBeInTheDocument();
  });

  it('adds a child: the names and the grade are sent, the list is read again and the form is emptied', async () => {
    const { user, section, callsTo, setFamily } = await openProfile({
      handlers: {
        'POST /api/learners': () => {
          setFamily([ashaSummary, raviSummary, addedChild]);
          return { status: 201, body: addedChild };
        },
      },
    });
    const form = within(section).getByRole('form', { name: 'Add a child' });
    await user.type(within(form).getByLabelText("Child's first name"), ' Meera ');
    await user.type(within(form).getByLabelText("Child's last name"), 'Rao');
    await user.selectOptions(within(form).getByLabelText("Child's grade"), 'Class 1');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await within(section).findByText('Meera Rao has been added.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/learners')[0]?.body).toEqual({
      first_name: 'Meera',
      last_name: 'Rao',
      grade: 'c-1',
    });
    expect(await within(section).findByText('Meera Rao')).toBeInTheDocument();
    expect(callsTo('GET', '/api/learners').length).toBeGreaterThanOrEqual(2);
    expect(within(form).getByLabelText("Child's first name")).toHaveValue('');
    expect(within(form).getByLabelText("Child's grade")).toHaveValue('');
  });

  it('shows what is missing under each field and sends nothing', async () => {
    const { user, section, callsTo } = await openProfile();
    const form = within(section).getByRole('form', { name: 'Add a child' });
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    expect(within(form).getByLabelText("Child's first name")).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(within(form).getByLabelText("Child's last name")).toHaveAccessibleDescription(
      'Last name is required',
    );
    expect(within(form).getByLabelText("Child's grade")).toHaveAccessibleDescription(
      'Choose a grade from the list',
    );
    expect(within(form).getByLabelText("Child's first name")).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText("Child's first name")).toHaveFocus();
    expect(callsTo('POST', '/api/learners')).toHaveLength(0);

    await user.type(within(form).getByLabelText("Child's first name"), 'M');
    expect(within(form).getByLabelText("Child's first name")).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field error under its field, and a refusal above the button", async () => {
    let answers = 0;
    const { user, section } = await openProfile({
      handlers: {
        'POST /api/learners': () => {
          answers += 1;
          return answers === 1
            ? {
                status: 400,
                body: {
                  message: 'Last name must be at most 60 characters',
                  errors: { last_name: 'Last name must be at most 60 characters' },
                },
              }
            : { status: 409, body: { message: LEARNER_LIMIT_MESSAGE } };
        },
      },
    });
    const form = within(section).getByRole('form', { name: 'Add a child' });
    await user.type(within(form).getByLabelText("Child's first name"), 'Meera');
    await user.type(within(form).getByLabelText("Child's last name"), 'Rao');
    await user.selectOptions(within(form).getByLabelText("Child's grade"), 'Class 1');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Child's last name")).toHaveAccessibleDescription(
        'Last name must be at most 60 characters',
      ),
    );
    expect(within(form).getByLabelText("Child's last name")).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(LEARNER_LIMIT_MESSAGE);
  });

  it('asks for the parent PIN when the server wants it, then adds the child', async () => {
    const { user, section, callsTo } = await openProfile({
      handlers: {
        'POST /api/learners': (call) =>
          call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
            ? { status: 201, body: addedChild }
            : {
                status: 403,
                body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired },
              },
        'POST /api/account/pin/verify': {
          body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
        },
      },
    });
    const form = within(section).getByRole('form', { name: 'Add a child' });
    await user.type(within(form).getByLabelText("Child's first name"), 'Meera');
    await user.type(within(form).getByLabelText("Child's last name"), 'Rao');
    await user.selectOptions(within(form).getByLabelText("Child's grade"), 'Class 1');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    const pin = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.type(within(pin).getByLabelText('Parent PIN (4 digits)'), '4821');
    await user.click(within(pin).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText('Meera Rao has been added.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/learners')).toHaveLength(2);
  });

  it('removes a child once the password is typed again, saying plainly what is erased', async () => {
    const { user, section, callsTo, setFamily } = await openProfile({
      handlers: {
        'DELETE /api/learners/u2': (call) => {
          if ((call.body as { password: string }).password !== 'correct horse') {
            return { status: 403, body: { message: REMOVE_LEARNER_WRONG_PASSWORD } };
          }
          setFamily([ashaSummary]);
          return { status: 204 };
        },
      },
    });
    const removeButton = within(section).getByRole('button', { name: 'Remove Ravi Rao' });
    await user.click(removeButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Rao?' });
    expect(dialog).toHaveAccessibleDescription(
      "This erases Ravi Rao's quizzes, certificates and plan for good. It cannot be undone.",
    );
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');

    await user.click(within(dialog).getByRole('button', { name: 'Remove Ravi' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please type the password to confirm');
    expect(callsTo('DELETE', '/api/learners/u2')).toHaveLength(0);

    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ravi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REMOVE_LEARNER_WRONG_PASSWORD);
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(password, 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ravi' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/learners/u2').map((call) => call.body)).toEqual([
      { password: 'wrong one' },
      { password: 'correct horse' },
    ]);
    expect(within(section).getByRole('status')).toHaveTextContent('Ravi Rao has been removed.');
    expect(within(section).queryByText('Ravi Rao')).not.toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Children' })).toHaveFocus();
  });

  it('gives way to the parent PIN dialog and comes back with what was typed', async () => {
    const { user, section, callsTo } = await openProfile({
      handlers: {
        'DELETE /api/learners/u2': (call) =>
          call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
            ? { status: 403, body: { message: REMOVE_LEARNER_WRONG_PASSWORD } }
            : {
                status: 403,
                body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired },
              },
        'POST /api/account/pin/verify': {
          body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
        },
      },
    });
    await user.click(within(section).getByRole('button', { name: 'Remove Ravi Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Rao?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ravi' }));

    // One dialog at a time: the PIN dialog stands in for the remove dialog.
    const pin = await screen.findByRole('dialog', { name: 'Parent PIN' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.type(within(pin).getByLabelText('Parent PIN (4 digits)'), '4821');
    await user.click(within(pin).getByRole('button', { name: 'Continue' }));

    const back = await screen.findByRole('alertdialog', { name: 'Remove Ravi Rao?' });
    expect(await within(back).findByRole('alert')).toHaveTextContent(REMOVE_LEARNER_WRONG_PASSWORD);
    await waitFor(() => expect(within(back).getByLabelText('Password')).toHaveFocus());
    expect(callsTo('DELETE', '/api/learners/u2').map((call) => call.body)).toEqual([
      { password: 'wrong one' },
      { password: 'wrong one' },
    ]);
  });

  it('Cancel closes the dialog and removes nothing', async () => {
    const { user, section, callsTo } = await openProfile();
    await user.click(within(section).getByRole('button', { name: 'Remove Ravi Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Rao?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/learners/u2')).toHaveLength(0);
    expect(within(section).getByRole('button', { name: 'Remove Ravi Rao' })).toHaveFocus();
  });

  it('removing the child learning now hands over to the account holder first', async () => {
    const { user, section, calls, callsTo, setFamily } = await openProfile({
      signedInAs: ravi,
      handlers: {
        'DELETE /api/learners/u2': () => {
          setFamily([ashaSummary]);
          return { status: 204 };
        },
      },
    });
    await screen.findByDisplayValue('Ravi');
    const raviRow = within(section).getByText('Ravi Rao').closest('li') as HTMLElement;
    expect(within(raviRow).getByText('Learning now')).toBeInTheDocument();
    await user.click(within(raviRow).getByRole('button', { name: 'Remove Ravi Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Rao?' });
    expect(
      within(dialog).getByText('Ravi is learning now, so the app switches to Asha first.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ravi' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const order = calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path} ${call.headers.get('authorization')}`);
    expect(order).toEqual([
      `POST /api/learners/u1/select Bearer ${tokenOf('u2')}`,
      `DELETE /api/learners/u2 Bearer ${tokenOf('u1')}`,
    ]);
    expect(localStorage.getItem('token')).toBe(tokenOf('u1'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(learner);
    // The profile shown is the account holder's now.
    expect(await screen.findByDisplayValue('Asha')).toBeInTheDocument();
    expect(callsTo('GET', '/api/user/profile').at(-1)?.headers.get('authorization')).toBe(
      `Bearer ${tokenOf('u1')}`,
    );
  });

  it('the profile’s three sections share one request for the learners', async () => {
    const { callsTo } = await openProfile();
    await screen.findByRole('region', { name: 'Parent PIN' });
    await screen.findByRole('button', { name: "Download the whole family's data" });
    // One for the sidebar's switch (answered before the page's sections mount), one for the page's.
    expect(callsTo('GET', '/api/learners')).toHaveLength(2);
  });

  it('the only child has no Remove and says why', async () => {
    const { section } = await openProfile({ learners: [ashaSummary] });
    const [asha] = within(within(section).getByRole('list')).getAllByRole('listitem') as [HTMLElement];
    expect(
      within(asha).getByText(
        'Asha is the only child, so Asha is removed only when the whole account is deleted (see Your data below).',
      ),
    ).toBeInTheDocument();
    expect(within(asha).queryByRole('button', { name: 'Remove Asha Rao' })).not.toBeInTheDocument();
  });

  it('removing the first child while learning switches to the next child, who then holds the account', async () => {
    const { user, section, calls, setFamily } = await openProfile({
      handlers: {
        'POST /api/learners/u2/select': selected(ravi),
        'DELETE /api/learners/u1': () => {
          setFamily([{ ...raviSummary, isAccountHolder: true }]);
          return { status: 204 };
        },
      },
    });
    const ashaRow = within(section).getByText('Asha Rao').closest('li') as HTMLElement;
    await user.click(within(ashaRow).getByRole('button', { name: 'Remove Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Asha Rao?' });
    expect(
      within(dialog).getByText(
        'The account is kept: the same e-mail and password still sign in, and Ravi becomes the first child.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Asha is learning now, so the app switches to Ravi first.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Asha' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const order = calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path} ${call.headers.get('authorization')}`);
    expect(order).toEqual([
      `POST /api/learners/u2/select Bearer ${tokenOf('u1')}`,
      `DELETE /api/learners/u1 Bearer ${tokenOf('u2')}`,
    ]);
    expect(localStorage.getItem('token')).toBe(tokenOf('u2'));
    expect(await screen.findByText('Asha Rao has been removed.')).toBeInTheDocument();
  });

  it('is not there for an admin', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/me': { body: admin },
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/user/profile': { body: profileOf('Admin') },
    });
    storeSession(admin);
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Save Profile' });
    expect(screen.queryByRole('region', { name: 'Children' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/learners')).toHaveLength(0);
  });

  it('speaks Hindi', async () => {
    await openProfile();
    showInHindi();
    const section = await screen.findByRole('region', { name: 'बच्चे' });
    expect(within(section).getByRole('button', { name: 'Ravi Rao को हटाएँ' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Ravi Rao का डेटा डाउनलोड करें' })).toHaveTextContent(
      'डेटा डाउनलोड करें',
    );
    expect(within(section).getByRole('form', { name: 'बच्चा जोड़ें' })).toBeInTheDocument();
  });

  describe("downloading a child's data (decision 035)", () => {
    const raviFile = {
      format: 'quizquest-learner-data',
      version: 1,
      exportedAt: '2026-03-04T05:06:07.000Z',
      account: { first_name: 'Ravi', last_name: 'Rao' },
    };
    const fileName = { 'content-disposition': 'attachment; filename="quizquest-data-2026-03-04.json"' };
    const pinRequired = {
      status: 403,
      body: { message: PIN_REQUIRED_MESSAGE, code: FAMILY_ERROR_CODES.pinRequired },
    };
    /** GET /api/learners/u2/export: Ravi's file with the proof of a verified PIN, 'pin-required' without. */
    const guardedExport: MockHandler = (call) =>
      call.headers.get(PARENT_PIN_HEADER) === 'proof-1' ? { body: raviFile, headers: fileName } : pinRequired;
    const proof = {
      body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
    };

    it("saves that child's file from GET /api/learners/{id}/export under the server's file name", async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        handlers: { 'GET /api/learners/u2/export': { body: raviFile, headers: fileName } },
      });
      await user.click(within(section).getByRole('button', { name: "Download Ravi Rao's data" }));

      expect(await within(section).findByText("Ravi Rao's data has been downloaded.")).toHaveAttribute(
        'role',
        'status',
      );
      const [call] = callsTo('GET', '/api/learners/u2/export');
      expect(call?.headers.get('authorization')).toBe(`Bearer ${tokenOf('u1')}`);
      expect(call?.search).toBe('');
      expect(callsTo('GET', '/api/learners/u1/export')).toEqual([]);
      expect(callsTo('GET', '/api/user/export')).toEqual([]);
      expect(downloads.clicked).toEqual([
        { href: 'blob:http://localhost/export-1', download: 'quizquest-data-2026-03-04.json' },
      ]);
      expect(downloads.blobs[0]?.type).toBe('application/json');
      expect(JSON.parse(await downloads.blobs[0]!.text())).toEqual(raviFile);
    });

    it('asks for the parent PIN when the server wants it, then downloads with the proof', async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        handlers: { 'GET /api/learners/u2/export': guardedExport, 'POST /api/account/pin/verify': proof },
      });
      const button = within(section).getByRole('button', { name: "Download Ravi Rao's data" });
      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      expect(downloads.clicked).toEqual([]);
      await user.type(within(dialog).getByLabelText('Parent PIN (4 digits)'), '4821');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      expect(await within(section).findByText("Ravi Rao's data has been downloaded.")).toBeInTheDocument();
      expect(
        callsTo('GET', '/api/learners/u2/export').map((call) => call.headers.get(PARENT_PIN_HEADER)),
      ).toEqual([null, 'proof-1']);
      expect(downloads.clicked).toEqual([
        { href: 'blob:http://localhost/export-1', download: 'quizquest-data-2026-03-04.json' },
      ]);
      // The focus came back to the button the parent pressed.
      await waitFor(() => expect(button).toHaveFocus());
      expect(button).not.toHaveAttribute('aria-disabled');
    });

    it('downloads nothing when the PIN dialog is closed, and says why', async () => {
      const downloads = captureDownloads();
      const { user, section, callsTo } = await openProfile({
        handlers: { 'GET /api/learners/u2/export': guardedExport },
      });
      await user.click(within(section).getByRole('button', { name: "Download Ravi Rao's data" }));
      const dialog = await screen.findByRole('dialog', { name: 'Parent PIN' });
      await user.keyboard('{Escape}');
      expect(dialog).not.toBeInTheDocument();
      expect(
        await within(section).findByText(
          "Ravi Rao's data is downloaded only after a parent types the parent PIN.",
        ),
      ).toBeInTheDocument();
      expect(callsTo('GET', '/api/learners/u2/export')).toHaveLength(1);
      expect(downloads.clicked).toEqual([]);
    });

    it("waits for one download at a time, and shows the server's refusal", async () => {
      const downloads = captureDownloads();
      const reply = deferred<{ status: number; body: unknown }>();
      const { user, section, callsTo } = await openProfile({
        handlers: { 'GET /api/learners/u2/export': () => reply.promise },
      });
      await user.click(within(section).getByRole('button', { name: "Download Ravi Rao's data" }));
      const busy = within(section).getByRole('button', { name: "Preparing Ravi Rao's data..." });
      expect(busy).toHaveTextContent('Preparing...');
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      const other = within(section).getByRole('button', { name: "Download Asha Rao's data" });
      expect(other).toHaveAttribute('aria-disabled', 'true');
      await user.click(other);
      await user.click(busy);
      expect(callsTo('GET', '/api/learners/u1/export')).toEqual([]);
      expect(callsTo('GET', '/api/learners/u2/export')).toHaveLength(1);

      reply.resolve({ status: 404, body: { message: 'This child is not on your account.' } });
      expect(await within(section).findByRole('alert')).toHaveTextContent(
        'This child is not on your account.',
      );
      expect(downloads.clicked).toEqual([]);
      expect(within(section).getByRole('button', { name: "Download Ravi Rao's data" })).not.toHaveAttribute(
        'aria-disabled',
      );
    });

    it('says plainly when the download fails with no message from the server', async () => {
      const { user, section } = await openProfile({
        handlers: {
          'GET /api/learners/u1/export': () => {
            throw new TypeError('Failed to fetch');
          },
        },
      });
      await user.click(within(section).getByRole('button', { name: "Download Asha Rao's data" }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(
        "Asha Rao's data could not be downloaded. Please try again.",
      );
      expect(within(section).getByRole('status')).toBeEmptyDOMElement();
    });
  });
});
