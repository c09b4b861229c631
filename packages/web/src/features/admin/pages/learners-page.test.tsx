import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminLearnerCertificate, AdminLearnerDetail, AdminLearnerRow } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, findToast, renderApp, storeSession } from '../../../test/render-app.tsx';
import { learnerRow } from '../testing/fixtures.ts';

// The admin pages are large and lazy: on a busy machine they need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const paid = learnerRow({
  _id: 'u2',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  grade: 'c-5',
  plan: { id: 'plan99', name: 'Growth Plan' },
  planEndsAt: '2027-01-15T10:00:00.000Z',
  certificationsEarned: 13,
  attemptsCount: 40,
});

function list(learners: AdminLearnerRow[]) {
  return { body: { learners, total: learners.length, page: 1, pageSize: 20 } };
}

async function openLearners(handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: admin },
    'GET /api/admin/learners': list([learnerRow(), paid]),
    ...handlers,
  });
  storeSession(admin);
  const app = renderApp('/admin/learners', { userEventOptions: { delay: null } });
  await screen.findByRole('heading', { level: 1, name: 'Learners' }, { timeout: 10_000 });
  return { ...app, ...fetch };
}

describe('learners page', () => {
  it('lists learners with plan, expiry and progress; Learners is current in the sidebar', async () => {
    await openLearners();
    const nav = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(within(nav).getByRole('link', { name: 'Learners' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Learners | QuizQuest');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Learner', 'Grade', 'Plan', 'Expires', 'Progress', 'Actions']);
    const free = within(table).getByRole('row', { name: /Priya Nair/ });
    expect(free).toHaveTextContent('priya@example.com');
    expect(free).toHaveTextContent('Class 3');
    expect(free).toHaveTextContent('Free Plan');
    expect(free).toHaveTextContent('4 certifications');
    expect(free).toHaveTextContent('12 attempts');
    expect(within(free).queryByRole('button', { name: /Extend/ })).not.toBeInTheDocument();
    const growth = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(growth).toHaveTextContent('Growth Plan');
    expect(growth).toHaveTextContent('15/1/2027');
    expect(
      within(growth).getByRole('button', { name: 'Extend plan for ravi@example.com' }),
    ).toBeInTheDocument();
    expect(
      within(growth).getByRole('button', { name: 'Cancel plan for ravi@example.com' }),
    ).toBeInTheDocument();
  });

  it('searches by e-mail or name', async () => {
    const { user, callsTo } = await openLearners({
      'GET /api/admin/learners': (call) =>
        new URLSearchParams(call.search).get('query') === 'nobody' ? list([]) : list([learnerRow()]),
    });
    await screen.findByRole('table');
    expect(callsTo('GET', '/api/admin/learners')[0]?.search).toBe('?page=1');
    await user.type(screen.getByLabelText('Search by e-mail or name'), ' nobody ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No learners found.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/learners')[1]?.search).toBe('?query=nobody&page=1');
  });

  it('activates the chosen plan after a confirmation and shows the new plan', async () => {
    let activated = false;
    const reply = deferred<MockReply>();
    const { user, callsTo } = await openLearners({
      'GET /api/admin/learners': () =>
        list([
          activated
            ? learnerRow({
                plan: { id: 'plan199', name: 'Pro Plan' },
                planEndsAt: '2027-03-20T00:00:00.000Z',
              })
            : learnerRow(),
        ]),
      'POST /api/admin/users/u1/subscription': () => reply.promise,
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Plan for priya@example.com'), 'plan199');
    await user.click(screen.getByRole('button', { name: 'Activate plan for priya@example.com' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Activate Plan' });
    expect(dialog).toHaveTextContent(
      'Activate the Pro Plan for Priya Nair (priya@example.com)? It runs for 365 days from today.',
    );
    expect(callsTo('POST', '/api/admin/users/u1/subscription')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(callsTo('POST', '/api/admin/users/u1/subscription')[0]?.body).toEqual({
      action: 'activate',
      planId: 'plan199',
    });
    activated = true;
    reply.resolve({
      body: {
        message: 'Pro Plan activated',
        subscription: 'plan199',
        subscriptionEndsAt: '2027-03-20T00:00:00.000Z',
        quizLimits: { maxQuizzes: 500, maxAttemptsPerQuiz: 3 },
        allowedLevel: 7,
      },
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Pro Plan activated: priya@example.com')).toBeInTheDocument();
    await findToast('Pro Plan activated');
    expect(await screen.findByRole('row', { name: /Priya Nair/ })).toHaveTextContent('Pro Plan');
  });

  it('extends and cancels the plan in force, each after a confirmation', async () => {
    const { user, callsTo } = await openLearners({
      'POST /api/admin/users/u2/subscription': (call) => ({
        body: {
          message:
            (call.body as { action: string }).action === 'extend'
              ? 'Growth Plan extended by 365 days'
              : 'Plan cancelled',
          subscription: 'plan99',
          subscriptionEndsAt: null,
          quizLimits: { maxQuizzes: 150, maxAttemptsPerQuiz: 3 },
          allowedLevel: 3,
        },
      }),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Extend plan for ravi@example.com' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Extend Plan' });
    expect(dialog).toHaveTextContent('Extend the Growth Plan of Ravi Kumar (ravi@example.com) by 365 days?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Growth Plan extended by 365 days: ravi@example.com')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Cancel plan for ravi@example.com' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel Plan' });
    expect(dialog).toHaveTextContent(
      'They go back to the Free Plan now; their attempts and certificates are kept.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep plan' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel plan for ravi@example.com' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/users/u2/subscription')).toHaveLength(2));
    expect(callsTo('POST', '/api/admin/users/u2/subscription').map((call) => call.body)).toEqual([
      { action: 'extend' },
      { action: 'cancel' },
    ]);
  });

  it("shows and logs a refused change with the server's message", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openLearners({
      'POST /api/admin/users/u2/subscription': {
        status: 409,
        body: { message: 'This learner has no active plan' },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Extend plan for ravi@example.com' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This learner has no active plan');
    expect(logged).toHaveBeenCalledWith('Failed to change the plan', expect.anything());
  });
});

describe('payment references on the learners page (decision 020)', () => {
  it('shows the payment code of each learner, and the full reference of the plan being activated', async () => {
    const id = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const { user } = await openLearners({
      'GET /api/admin/learners': list([
        learnerRow({ _id: id, name: 'Meera Iyer', email: 'meera@example.com' }),
      ]),
    });
    const row = await screen.findByRole('row', { name: /Meera Iyer/ });
    expect(row).toHaveTextContent('Payment reference QQ-1A2B3C4D5E');
    expect(screen.getByLabelText('Search by e-mail or name')).toHaveAccessibleDescription(
      "Or a payment reference (QQ-…) from a UPI payment's note.",
    );
    await user.selectOptions(screen.getByLabelText('Plan for meera@example.com'), 'plan299');
    await user.click(screen.getByRole('button', { name: 'Activate plan for meera@example.com' }));
    expect(screen.getByRole('alertdialog', { name: 'Activate Plan' })).toHaveTextContent(
      'Payment reference for this plan: QQ-1A2B3C4D5E-PLAN299',
    );
  });
});

describe('learners page in Hindi', () => {
  it('shows the table, the grades, the progress and a plan change in Hindi', async () => {
    showInHindi();
    mockFetch({
      'GET /api/auth/me': { body: admin },
      'GET /api/admin/learners': list([learnerRow(), paid]),
    });
    storeSession(admin);
    const { user } = renderApp('/admin/learners', { userEventOptions: { delay: null } });
    await screen.findByRole('heading', { level: 1, name: 'विद्यार्थी' }, { timeout: 10_000 });
    expect(document.title).toBe('विद्यार्थी | QuizQuest');
    expect(screen.getByLabelText('ईमेल या नाम से खोजें')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'खोजें' })).toBeInTheDocument();

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['विद्यार्थी', 'कक्षा', 'प्लान', 'ख़त्म होने की तारीख़', 'प्रगति', 'काम']);
    const free = within(table).getByRole('row', { name: /Priya Nair/ });
    expect(free).toHaveTextContent('कक्षा 3');
    expect(free).toHaveTextContent('4 सर्टिफ़िकेशन');
    expect(free).toHaveTextContent('12 प्रयास');

    await user.click(screen.getByRole('button', { name: 'ravi@example.com का प्लान बढ़ाएँ' }));
    const dialog = screen.getByRole('alertdialog', { name: 'प्लान बढ़ाएँ' });
    expect(dialog).toHaveTextContent('Ravi Kumar (ravi@example.com) का Growth Plan 365 दिन और बढ़ाएँ?');
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'पक्का करें' })).toBeInTheDocument();
  });
});

const levelOne: AdminLearnerCertificate = {
  code: 'K7QM-2XPD-9HTA',
  level: 1,
  issuedAt: '2026-03-12T06:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
};
const levelTwo: AdminLearnerCertificate = {
  code: 'AB12-CD34-EF56',
  level: 2,
  issuedAt: '2026-04-01T06:00:00.000Z',
  revokedAt: '2026-04-20T09:15:00.000Z',
  revocationReason: 'Earned on a shared account',
};

function detailOf(certificates: AdminLearnerCertificate[]): { body: AdminLearnerDetail } {
  return {
    body: { ...paid, subscriptions: [], certifications: [], certificates, recentAttempts: [] },
  };
}

/** Opens Ravi's certificates: Level 1 valid, Level 2 revoked. */
async function openCertificates(handlers: Record<string, MockHandler> = {}) {
  const app = await openLearners({
    'GET /api/admin/learners/u2': detailOf([levelOne, levelTwo]),
    ...handlers,
  });
  await screen.findByRole('table');
  await app.user.click(screen.getByRole('button', { name: 'Certificates of ravi@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Certificates of Ravi Kumar' });
  await within(dialog).findByRole('table');
  return { ...app, dialog };
}

describe('certificates on the learners page (issue 21)', () => {
  it("lists a learner's level certificates, valid or revoked with when and why", async () => {
    const { dialog, callsTo } = await openCertificates();
    expect(callsTo('GET', '/api/admin/learners/u2')).toHaveLength(1);
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Level', 'Code', 'Issued', 'Status', 'Actions']);
    const first = within(table).getByRole('row', { name: /Level 1/ });
    expect(first).toHaveTextContent('K7QM-2XPD-9HTA');
    expect(first).toHaveTextContent('12/3/2026');
    expect(first).toHaveTextContent('Valid');
    expect(
      within(first).getByRole('button', { name: 'Revoke the Level 1 certificate K7QM-2XPD-9HTA' }),
    ).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /Level 2/ });
    expect(second).toHaveTextContent('Revoked');
    expect(second).toHaveTextContent('Reason: Earned on a shared account');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
  });

  it('revokes a certificate with the reason asked for, then shows it revoked', async () => {
    let revokedNow = false;
    const { user, dialog, callsTo } = await openCertificates({
      'GET /api/admin/learners/u2': () =>
        detailOf(
          revokedNow
            ? [
                { ...levelOne, revokedAt: '2026-05-02T10:00:00.000Z', revocationReason: 'Issued by mistake' },
                levelTwo,
              ]
            : [levelOne, levelTwo],
        ),
      'POST /api/admin/certificates/K7QM-2XPD-9HTA/revoke': (call) => {
        revokedNow = true;
        return {
          body: {
            code: 'K7QM-2XPD-9HTA',
            revokedAt: '2026-05-02T10:00:00.000Z',
            reason: (call.body as { reason: string }).reason,
          },
        };
      },
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Revoke the Level 1 certificate K7QM-2XPD-9HTA' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke Certificate' });
    expect(confirm).toHaveAccessibleDescription(
      /Revoke the Level 1 certificate K7QM-2XPD-9HTA of Ravi Kumar\?/,
    );
    const reason = within(confirm).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    // Too short: asked again, nothing sent.
    await user.type(reason, ' a ');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke certificate' }));
    expect(reason).toHaveAccessibleDescription(/Give a reason of 3 to 500 characters\.$/);
    expect(callsTo('POST', '/api/admin/certificates/K7QM-2XPD-9HTA/revoke')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Issued by mistake ');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke certificate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/api/admin/certificates/K7QM-2XPD-9HTA/revoke').map((call) => call.body)).toEqual(
      [{ reason: 'Issued by mistake' }],
    );
    expect(await findToast('Level 1 certificate K7QM-2XPD-9HTA revoked.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Level 1 certificate K7QM-2XPD-9HTA revoked.');
    const first = await within(dialog).findByRole('row', { name: /Level 1/ });
    await waitFor(() => expect(first).toHaveTextContent('Reason: Issued by mistake'));
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/learners/u2')).toHaveLength(2);
  });

  it("shows the server's refusal in the reason dialog and reads the list again", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog, callsTo } = await openCertificates({
      'POST /api/admin/certificates/K7QM-2XPD-9HTA/revoke': {
        status: 409,
        body: { message: 'This certificate is already revoked.' },
      },
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Revoke the Level 1 certificate K7QM-2XPD-9HTA' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke Certificate' });
    await user.type(within(confirm).getByLabelText('Reason'), 'Issued by mistake');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke certificate' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This certificate is already revoked.',
    );
    await waitFor(() => expect(callsTo('GET', '/api/admin/learners/u2')).toHaveLength(2));
    expect(logged).toHaveBeenCalledWith('Failed to revoke the certificate', expect.anything());
    await user.click(within(confirm).getByRole('button', { name: 'Keep certificate' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Certificates of Ravi Kumar' })).toBeInTheDocument();
  });

  it('says when a learner has no level certificate, and offers to try again when the list fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reads = 0;
    const { user } = await openLearners({
      'GET /api/admin/learners/u1': () => {
        reads += 1;
        return reads === 1 ? { status: 500, body: { message: 'Internal server error' } } : detailOf([]);
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Certificates of priya@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificates of Priya Nair' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText(
        'No level certificates yet: a level certificate comes with all 10 certifications of a level.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Certificates of priya@example.com' })).toHaveFocus();
  });

  it('speaks Hindi', async () => {
    showInHindi();
    const { user } = await (async () => {
      mockFetch({
        'GET /api/auth/me': { body: admin },
        'GET /api/admin/learners': list([paid]),
        'GET /api/admin/learners/u2': detailOf([levelOne, levelTwo]),
      });
      storeSession(admin);
      return renderApp('/admin/learners', { userEventOptions: { delay: null } });
    })();
    await screen.findByRole('table', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'ravi@example.com के प्रमाणपत्र' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar के प्रमाणपत्र' });
    const first = await within(dialog).findByRole('row', { name: /लेवल 1/ });
    expect(first).toHaveTextContent('मान्य');
    await user.click(within(first).getByRole('button', { name: 'लेवल 1 का प्रमाणपत्र K7QM-2XPD-9HTA रद्द करें' }));
    const confirm = screen.getByRole('alertdialog', { name: 'प्रमाणपत्र रद्द करें' });
    expect(within(confirm).getByLabelText('कारण')).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'प्रमाणपत्र रहने दें' })).toBeInTheDocument();
  });
});
