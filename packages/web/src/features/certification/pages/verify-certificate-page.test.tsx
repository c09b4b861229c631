import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CertificateVerification } from '@quizquest/shared';
import { deferred, mockFetch, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { renderApp, storeSession } from '../../../test/render-app.tsx';

const CODE = 'K7QM-2XPD-9HTA';
const certificate: CertificateVerification = {
  valid: true,
  code: CODE,
  firstName: 'Asha',
  level: 3,
  levelName: 'Level 3',
  issuedAt: '2026-03-11T20:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
};
const verifyPath = `/api/certificates/verify/${CODE}`;

// The route loads the page lazily: load it once up front so the first test does not time out on a busy machine.
beforeAll(async () => {
  await import('./verify-certificate-page.tsx');
});

describe('certificate verification page', () => {
  it('confirms a certificate with the first name, level and date, for anyone', async () => {
    const answer = deferred<MockReply>();
    const { callsTo } = mockFetch({ [`GET ${verifyPath}`]: () => answer.promise });
    renderApp(`/certificates/verify/${CODE}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Certificate Verification' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the certificate...');

    answer.resolve({ body: certificate });
    expect(await screen.findByText('This certificate is genuine.')).toBeInTheDocument();
    const details = screen.getByRole('status');
    expect(details).toHaveTextContent('Asha');
    expect(details).toHaveTextContent('Level 3');
    // Dated in India's time zone, like the printed certificate: 20:00 UTC on the 11th is the 12th there.
    expect(details).toHaveTextContent('12 March 2026');
    expect(details).toHaveTextContent(CODE);
    expect(callsTo('GET', verifyPath)).toHaveLength(1);
  });

  it('confirms a certificate in Hindi, dated in Hindi', async () => {
    mockFetch({ [`GET ${verifyPath}`]: { body: certificate } });
    showInHindi();
    renderApp(`/certificates/verify/${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रमाणपत्र की जाँच' })).toBeInTheDocument();
    expect(await screen.findByText('यह प्रमाणपत्र असली है।')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('जारी होने की तारीख12 मार्च 2026');
    expect(screen.getByRole('link', { name: 'QuizQuest पर जाएँ' })).toHaveAttribute('href', '/');
  });

  it('sends no bearer token even when someone is signed in', async () => {
    storeSession();
    const { callsTo } = mockFetch({ [`GET ${verifyPath}`]: { body: certificate } });
    renderApp(`/certificates/verify/${CODE}`);
    expect(await screen.findByText('This certificate is genuine.')).toBeInTheDocument();
    expect(callsTo('GET', verifyPath)[0]?.headers.get('authorization')).toBeNull();
  });

  it('reads a code typed in lower case', async () => {
    const { callsTo } = mockFetch({ [`GET ${verifyPath}`]: { body: certificate } });
    renderApp(`/certificates/verify/${CODE.toLowerCase()}`);
    expect(await screen.findByText('This certificate is genuine.')).toBeInTheDocument();
    expect(callsTo('GET', verifyPath)).toHaveLength(1);
  });

  it('says clearly when no certificate has the code', async () => {
    mockFetch({
      'GET /api/certificates/verify/AAAA-BBBB-CCCC': {
        status: 404,
        body: { message: 'Certificate not found' },
      },
    });
    renderApp('/certificates/verify/AAAA-BBBB-CCCC');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Certificate not found.');
    expect(alert).toHaveTextContent('AAAA-BBBB-CCCC');
    expect(screen.queryByText('This certificate is genuine.')).not.toBeInTheDocument();
  });

  it('answers a malformed code as not found without asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/certificates/verify/not-a-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Certificate not found.');
    expect(calls.filter((call) => call.path.startsWith('/api/certificates'))).toHaveLength(0);
  });

  it('offers to try again when the check could not be made', async () => {
    let calls = 0;
    mockFetch({
      [`GET ${verifyPath}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { body: certificate };
      },
    });
    const { user } = renderApp(`/certificates/verify/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check this certificate right now. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This certificate is genuine.')).toBeInTheDocument();
  });

  it('says Revoked, with the date and the reason, and never genuine, for a revoked certificate', async () => {
    mockFetch({
      [`GET ${verifyPath}`]: {
        body: {
          ...certificate,
          revokedAt: '2026-05-02T19:30:00.000Z',
          revocationReason: 'Issued by mistake',
        },
      },
    });
    renderApp(`/certificates/verify/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Revoked: this certificate is no longer valid.');
    // The date in India's time zone, as the issue date: 19:30 UTC on the 2nd is the 3rd there.
    expect(alert).toHaveTextContent('QuizQuest revoked this certificate for Level 3 on 3 May 2026.');
    expect(alert).toHaveTextContent('Revoked on3 May 2026');
    expect(alert).toHaveTextContent('ReasonIssued by mistake');
    expect(alert).toHaveTextContent('Asha');
    expect(alert).toHaveTextContent(CODE);
    expect(screen.queryByText('This certificate is genuine.')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says Revoked in Hindi', async () => {
    mockFetch({
      [`GET ${verifyPath}`]: {
        body: { ...certificate, revokedAt: '2026-05-02T10:00:00.000Z', revocationReason: 'गलती से जारी' },
      },
    });
    showInHindi();
    renderApp(`/certificates/verify/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('रद्द: यह प्रमाणपत्र अब मान्य नहीं है।');
    expect(alert).toHaveTextContent('रद्द होने की तारीख2 मई 2026');
    expect(alert).toHaveTextContent('कारणगलती से जारी');
  });

  it('links to the check of a credential file', async () => {
    mockFetch({ [`GET ${verifyPath}`]: { body: certificate } });
    renderApp(`/certificates/verify/${CODE}`);
    expect(await screen.findByRole('link', { name: 'Check a credential file instead' })).toHaveAttribute(
      'href',
      '/certificates/verify',
    );
  });

  it('treats an answer that breaks the contract as a failed check, never as valid', async () => {
    mockFetch({ [`GET ${verifyPath}`]: { body: { ...certificate, valid: false } } });
    renderApp(`/certificates/verify/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check this certificate right now.',
    );
    expect(screen.queryByText('This certificate is genuine.')).not.toBeInTheDocument();
  });
});
