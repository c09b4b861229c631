import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerifyCredentialResponse } from '@quizquest/shared';
import { deferred, mockFetch, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { currentPath, renderApp, storeSession } from '../../../test/render-app.tsx';

const JWT = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJ2YyI6dHJ1ZX0.c2lnbmF0dXJl';
const CODE = 'K7QM-2XPD-9HTA';
const VERIFY = '/api/credentials/verify';

const valid: VerifyCredentialResponse = {
  status: 'valid',
  message: 'This credential is valid: QuizQuest issued it and has not revoked it.',
  code: CODE,
  level: 3,
  achievement: 'QuizQuest Level 3: Explorer',
  issuedAt: '2026-03-11T20:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
  keyId: 'key-2026-03',
  name: null,
};

const revoked: VerifyCredentialResponse = {
  ...valid,
  status: 'revoked',
  message: 'This credential was revoked by QuizQuest.',
  revokedAt: '2026-05-02T19:30:00.000Z',
  revocationReason: 'Issued by mistake',
};

const invalid: VerifyCredentialResponse = {
  status: 'invalid',
  message: 'This credential is not valid: it was changed, or QuizQuest did not issue it.',
};

const credentialFile = (text: string, name = 'quizquest-level-3-credential.jwt') =>
  new File([text], name, { type: 'application/vc+jwt' });

// The route loads the page lazily: load it once up front so the first test does not time out on a busy machine.
beforeAll(async () => {
  await import('./verify-credential-page.tsx');
});

async function openPage() {
  const app = renderApp('/certificates/verify');
  await screen.findByRole('heading', { level: 1, name: 'Credential Verification' });
  return app;
}

describe('credential verification page (issue 21)', { timeout: 15_000 }, () => {
  it('checks a pasted credential: Valid, with what it says, and sends no bearer token', async () => {
    storeSession();
    const answer = deferred<MockReply>();
    const { callsTo } = mockFetch({ [`POST ${VERIFY}`]: () => answer.promise });
    const { user } = await openPage();
    expect(document.title).toBe('Credential Verification | QuizQuest');

    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(`  ${JWT}\n`);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Checking the credential...');
    expect(screen.getByRole('button', { name: 'Check credential' })).toBeDisabled();

    answer.resolve({ body: valid });
    const outcome = await screen.findByText('Valid');
    const region = outcome.closest('[role="status"]') as HTMLElement;
    expect(region).toHaveTextContent(valid.message);
    expect(region).toHaveTextContent('AchievementQuizQuest Level 3: Explorer');
    expect(region).toHaveTextContent('LearnerNot named in this credential');
    // In India's time zone, as on the certificate.
    expect(region).toHaveTextContent('Issued on12 March 2026');
    expect(region).toHaveTextContent('Signing keykey-2026-03');
    expect(screen.getByRole('link', { name: CODE })).toHaveAttribute('href', `/certificates/verify/${CODE}`);

    const [call] = callsTo('POST', VERIFY);
    expect(call?.body).toEqual({ credential: JWT });
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('checks an uploaded .jwt file at once and shows the name the credential carries', async () => {
    const { callsTo } = mockFetch({ [`POST ${VERIFY}`]: { body: { ...valid, name: 'Asha Rao' } } });
    const { user } = await openPage();
    const input = screen.getByLabelText('Credential file (.jwt)');
    expect(input).toHaveAttribute('accept', '.jwt,application/vc+jwt,text/plain');
    await user.upload(input, credentialFile(`${JWT}\n`));

    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('LearnerAsha Rao');
    expect(callsTo('POST', VERIFY)[0]?.body).toEqual({ credential: JWT });
    // The file's text is in the box, for anyone who wants to see what was checked.
    expect(screen.getByLabelText('Or paste the credential')).toHaveValue(JWT);
  });

  it('says Revoked with the date and the reason', async () => {
    mockFetch({ [`POST ${VERIFY}`]: { body: revoked } });
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(JWT);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Revoked');
    expect(alert).toHaveTextContent('This credential was revoked by QuizQuest.');
    expect(alert).toHaveTextContent('Revoked on3 May 2026');
    expect(alert).toHaveTextContent('ReasonIssued by mistake');
    expect(screen.queryByText('Valid')).not.toBeInTheDocument();
  });

  it('says Not valid for a changed or foreign credential, with no details', async () => {
    mockFetch({ [`POST ${VERIFY}`]: { body: invalid } });
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(`${JWT}x`);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not valid');
    expect(alert).toHaveTextContent(invalid.message);
    expect(alert).not.toHaveTextContent('Learner');
  });

  it('says Expired for an expired credential', async () => {
    mockFetch({
      [`POST ${VERIFY}`]: { body: { ...valid, status: 'expired', message: 'This credential has expired.' } },
    });
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(JWT);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Expired');
    expect(alert).toHaveTextContent('This credential has expired.');
  });

  it('asks for a credential before asking the server, and keeps a too large one at home', async () => {
    const { calls } = mockFetch({});
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    const box = screen.getByLabelText('Or paste the credential');
    expect(box).toHaveAccessibleDescription(/Choose a credential file or paste the credential\.$/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();

    await user.upload(screen.getByLabelText('Credential file (.jwt)'), credentialFile('x'.repeat(70 * 1024)));
    expect(box).toHaveAccessibleDescription(
      /This is too large to be a QuizQuest credential \(at most 64 KB\)\.$/,
    );

    await user.upload(screen.getByLabelText('Credential file (.jwt)'), credentialFile('  \n'));
    expect(box).toHaveAccessibleDescription(/This file is empty\./);

    // Typing clears the error.
    await user.type(box, 'e');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((call) => call.path === VERIFY)).toHaveLength(0);
  });

  it('shows the server’s message for a refused check, and a network failure as such', async () => {
    let answers = 0;
    mockFetch({
      [`POST ${VERIFY}`]: () => {
        answers += 1;
        if (answers === 1) {
          return {
            status: 429,
            body: { message: 'Too many credential checks. Please wait a minute and try again.' },
          };
        }
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(JWT);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many credential checks. Please wait a minute and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not reach QuizQuest. Check your connection and try again.',
      ),
    );
  });

  it('treats an answer that breaks the contract as a failed check, never as valid', async () => {
    mockFetch({ [`POST ${VERIFY}`]: { body: { status: 'fine', message: 'ok' } } });
    const { user } = await openPage();
    await user.click(screen.getByLabelText('Or paste the credential'));
    await user.paste(JWT);
    await user.click(screen.getByRole('button', { name: 'Check credential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check this credential right now. Please try again.',
    );
    expect(screen.queryByText('Valid')).not.toBeInTheDocument();
  });

  it('opens the check of a certificate code, typed in any case and with or without dashes', async () => {
    mockFetch({});
    const { user, router } = await openPage();
    const code = screen.getByLabelText('Certificate code');
    await user.type(code, 'k7qm 2xpd');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(code).toHaveAccessibleDescription(/Type the 12 letters and numbers of the code/);
    expect(code).toHaveFocus();
    // Enter in the field checks it.
    await user.type(code, '9hta{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe(`/certificates/verify/${CODE}`));
  });

  it('speaks Hindi', async () => {
    mockFetch({ [`POST ${VERIFY}`]: { body: revoked } });
    showInHindi();
    const { user } = renderApp('/certificates/verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'क्रेडेंशियल की जाँच' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('या क्रेडेंशियल यहाँ पेस्ट करें'));
    await user.paste(JWT);
    await user.click(screen.getByRole('button', { name: 'क्रेडेंशियल जाँचें' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('रद्द हो चुका है');
    expect(alert).toHaveTextContent('रद्द होने की तारीख3 मई 2026');
  });
});
