import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FAMILY_ERROR_CODES,
  LEVELS,
  PARENT_PIN_HEADER,
  type CertificationRecord,
  type MyCertificationsResponse,
} from '@quizquest/shared';
import { captureDownloads } from '../../../test/downloads.ts';
import {
  deferred,
  mockFetch,
  type MockHandler,
  type MockReply,
  type RecordedCall,
} from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { learner, renderApp, storeSession } from '../../../test/render-app.tsx';

const earned = (certId: string, earnedAt = '2026-03-12T06:00:00.000Z'): CertificationRecord => ({
  certId,
  level: Number(certId.slice(1, certId.indexOf('-'))),
  completed: true,
  earnedAt,
});
const levelOf = (level: number) =>
  Array.from({ length: 10 }, (_, index) => earned(`L${level}-C${index + 1}`));

function withCertifications(handler: MockHandler, extra: Record<string, MockHandler> = {}) {
  storeSession();
  return mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/certification/my-certifications': handler,
    ...extra,
  });
}

const body = (
  certifications: CertificationRecord[],
  completedLevels: number[],
): { body: MyCertificationsResponse } => ({
  body: { certifications, completedLevels },
});

/** A level's toggle, looked up among the level list only (the sidebar's buttons make a whole-page query slow). */
const levelToggle = (level: number) => {
  const list = document.querySelector<HTMLElement>('.cert-levels');
  if (!list) throw new Error('no level list');
  return within(list).getByRole('button', { name: new RegExp(`^Level ${level}\\b`) });
};
const levelSection = (level: number) => {
  const section = levelToggle(level).closest('section');
  if (!section) throw new Error(`no section for level ${level}`);
  return section;
};

// The routes load their pages lazily: load them once up front so no test times out on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./my-certifications-page.tsx'), import('../../../app/app-layout.tsx')]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

// The whole signed-in layout renders in each test: slow on a busy CI machine, not a hang.
describe('My Certifications page', { timeout: 15_000 }, () => {
  it('loads, then lists Levels 1 to 10 with the level being climbed open', async () => {
    const answer = deferred<MockReply>();
    withCertifications(() => answer.promise);
    renderApp('/my-certifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Certifications' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading certifications...');

    answer.resolve(body([...levelOf(1), earned('L2-C1'), earned('L2-C3')], [1]));
    expect(await screen.findByRole('button', { name: 'Expand All' })).toBeInTheDocument();
    expect(
      within(document.querySelector<HTMLElement>('.cert-levels') ?? document.body)
        .getAllByRole('button', { name: /^Level \d+ / })
        .map((button) => button.textContent),
    ).toEqual(
      Array.from({ length: 10 }, (_, index) => expect.stringMatching(new RegExp(`^Level ${index + 1} `))),
    );
    // Level 1 is complete, so Level 2 is the one being climbed: open by default.
    expect(levelToggle(2)).toHaveAttribute('aria-expanded', 'true');
    expect(levelToggle(1)).toHaveAttribute('aria-expanded', 'false');
    expect(levelToggle(2)).toHaveTextContent('2 / 10 earned');

    const cards = within(levelSection(2)).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(cards[0]).toHaveTextContent('Word Wizard');
    expect(cards[0]).toHaveTextContent('Earned');
    expect(cards[0]).toHaveTextContent('12 March 2026');
    expect(cards[1]).toHaveTextContent('Counting Captain');
    expect(cards[1]).toHaveTextContent('Locked');
    expect(cards[1]).not.toHaveTextContent('Earned');
    expect(cards[2]).toHaveTextContent('Earned');
  });

  it('speaks Hindi: the heading, the buttons, the Hindi sub-level names and dates', async () => {
    withCertifications(body([earned('L1-C1')], []));
    showInHindi();
    renderApp('/my-certifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरे सर्टिफ़िकेशन' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'सब खोलें' })).toBeInTheDocument();
    const list = document.querySelector<HTMLElement>('.cert-levels');
    if (!list) throw new Error('no level list');
    const toggle = within(list).getByRole('button', { name: /^लेवल 1 / });
    expect(toggle).toHaveTextContent('10 में से 1 पूरे');
    const cards = within(toggle.closest('section') as HTMLElement).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent(LEVELS[0]?.subLevels[0]?.hindiName ?? 'no Hindi name');
    expect(cards[0]).toHaveTextContent('मिल गया 12 मार्च 2026 को');
    expect(cards[1]).toHaveTextContent('अभी बंद है');
  });

  it('badges a complete level Completed and downloads its certificate as a PDF in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
    const { callsTo } = withCertifications(body(levelOf(1), [1]), {
      'GET /api/certification/view': { body: '%PDF-1.3' },
    });
    const { user } = renderApp('/my-certifications');
    await screen.findByRole('button', { name: 'Expand All' });

    expect(levelToggle(1)).toHaveTextContent('Completed');
    expect(levelToggle(2)).not.toHaveTextContent('Completed');
    await user.click(levelToggle(1));
    const download = within(levelSection(1)).getByRole('button', { name: 'Download Certificate' });
    expect(download).toBeEnabled();
    await user.click(download);

    await waitFor(() => expect(tab.location.href).toBe('blob:certificate'));
    const [call] = callsTo('GET', '/api/certification/view');
    expect(call?.search).toBe('?level=1');
    expect(call?.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('alerts the server’s message when the certificate cannot be downloaded', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    withCertifications(body(levelOf(1), [1]), {
      'GET /api/certification/view': { status: 403, body: { message: 'Level 1 is not complete yet.' } },
    });
    const { user } = renderApp('/my-certifications');
    await screen.findByRole('button', { name: 'Expand All' });
    await user.click(levelToggle(1));
    await user.click(within(levelSection(1)).getByRole('button', { name: 'Download Certificate' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Level 1 is not complete yet.'));
    expect(tab.close).toHaveBeenCalled();
  });

  it('locks the download of a level that is not complete', async () => {
    withCertifications(body(levelOf(1).slice(0, 9), []));
    renderApp('/my-certifications');
    await screen.findByRole('button', { name: 'Expand All' });
    const section = levelSection(1);
    expect(levelToggle(1)).toHaveAttribute('aria-expanded', 'true');
    expect(levelToggle(1)).toHaveTextContent('9 / 10 earned');
    expect(levelToggle(1)).not.toHaveTextContent('Completed');
    const locked = within(section).getByRole('button', { name: /Download Certificate/ });
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription(
      'Locked: earn all 10 certifications of Level 1 to download its certificate.',
    );
    expect(within(section).getAllByText('Earned')).toHaveLength(9);
    expect(within(section).getAllByText('Locked')).toHaveLength(1);
  });

  it('expands and collapses every level, and each one on its own', async () => {
    withCertifications(body([], []));
    const { user } = renderApp('/my-certifications');
    await user.click(await screen.findByRole('button', { name: 'Expand All' }));
    const toggles = within(document.querySelector<HTMLElement>('.cert-levels') ?? document.body).getAllByRole(
      'button',
      { name: /^Level \d+ / },
    );
    expect(toggles).toHaveLength(10);
    const panelOf = (toggle: HTMLElement) =>
      document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(panelOf(toggle)).toBeVisible();
    }
    await user.click(screen.getByRole('button', { name: 'Collapse All' }));
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(panelOf(toggle)).not.toBeVisible();
    }
    const [sixth, seventh] = [toggles[5], toggles[6]] as [HTMLElement, HTMLElement];
    await user.click(seventh);
    expect(seventh).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf(seventh)).toBeVisible();
    expect(sixth).toHaveAttribute('aria-expanded', 'false');
    await user.click(seventh);
    expect(seventh).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows an error with a way to try again when the list cannot be loaded', async () => {
    let calls = 0;
    withCertifications(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Something went wrong' } } : body([], []);
    });
    const { user } = renderApp('/my-certifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load certifications.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Expand All' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('treats an answer that breaks the contract as a failure', async () => {
    withCertifications({ body: { certifications: [{ certId: 'L1-C1' }] } });
    renderApp('/my-certifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load certifications.');
  });
});

/** A credential as the server signs it: a compact JWS (three base64url parts). */
const JWT = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJ2YyI6dHJ1ZX0.c2lnbmF0dXJl';
const credentialReply: MockReply = {
  text: JWT,
  headers: {
    'content-type': 'application/vc+jwt',
    'content-disposition': 'attachment; filename="quizquest-level-1-credential.jwt"',
  },
};
const PIN_REQUIRED = {
  status: 403,
  body: { message: 'A parent PIN is needed for this.', code: FAMILY_ERROR_CODES.pinRequired },
};
/** The credential with the proof of a verified PIN, 'pin-required' without it when the name is asked for. */
const guardedCredential: MockHandler = (call: RecordedCall) =>
  new URLSearchParams(call.search).get('includeName') !== 'true' ||
  call.headers.get(PARENT_PIN_HEADER) === 'proof-1'
    ? credentialReply
    : PIN_REQUIRED;
const proof = {
  body: { pinToken: 'proof-1', expiresAt: new Date(Date.now() + 600_000).toISOString() },
};

/** Opens Level 1's credential dialog on a page where Level 1 is complete. */
async function openCredentialDialog(handlers: Record<string, MockHandler>) {
  const fetch = withCertifications(body(levelOf(1), [1]), handlers);
  const app = renderApp('/my-certifications');
  await screen.findByRole('button', { name: 'Expand All' });
  await app.user.click(levelToggle(1));
  await app.user.click(within(levelSection(1)).getByRole('button', { name: 'Download credential' }));
  const dialog = await screen.findByRole('dialog', { name: 'Level 1 credential' });
  return { ...app, ...fetch, dialog };
}

describe('My Certifications: the Open Badges credential (issue 21)', { timeout: 15_000 }, () => {
  it('offers Download credential beside the certificate of a complete level only', async () => {
    withCertifications(body([...levelOf(1), earned('L2-C1')], [1]));
    const { user } = renderApp('/my-certifications');
    await user.click(await screen.findByRole('button', { name: 'Expand All' }));
    const first = within(levelSection(1));
    expect(first.getByRole('button', { name: 'Download Certificate' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'Download credential' })).toBeEnabled();
    expect(
      within(levelSection(2)).queryByRole('button', { name: 'Download credential' }),
    ).not.toBeInTheDocument();
  });

  it('saves the credential without the name by default, with the bearer header and no token in the URL', async () => {
    const downloads = captureDownloads();
    const { user, dialog, callsTo } = await openCredentialDialog({
      'GET /api/certification/credential': guardedCredential,
    });
    const box = within(dialog).getByRole('checkbox', { name: "Include Asha Rao's name" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Leave this off to keep the name private/);
    expect(dialog).toHaveTextContent(
      'A credential is your certificate as a digital file signed by QuizQuest',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo('GET', '/api/certification/credential');
    expect(call?.search).toBe('?level=1');
    expect(call?.headers.get('authorization')).toBe('Bearer stored-token');
    expect(call?.headers.get('accept')).toBe('application/vc+jwt');
    expect(downloads.clicked).toEqual([
      { href: 'blob:http://localhost/export-1', download: 'quizquest-level-1-credential.jwt' },
    ]);
    expect(downloads.blobs[0]?.type).toBe('application/vc+jwt');
    expect(await downloads.blobs[0]?.text()).toBe(JWT);
    expect(within(levelSection(1)).getByRole('status')).toHaveTextContent(
      'Saved quizquest-level-1-credential.jwt.',
    );
    // Focus is back on the button that opened the dialog.
    expect(within(levelSection(1)).getByRole('button', { name: 'Download credential' })).toHaveFocus();
  });

  it('asks for the parent PIN when the name is included, then saves the credential with the proof', async () => {
    const downloads = captureDownloads();
    const { user, dialog, callsTo } = await openCredentialDialog({
      'GET /api/certification/credential': guardedCredential,
      'POST /api/account/pin/verify': proof,
    });
    await user.click(within(dialog).getByRole('checkbox', { name: "Include Asha Rao's name" }));
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));

    const pin = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.type(within(pin).getByLabelText('Parent PIN (4 digits)'), '4821');
    await user.click(within(pin).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = callsTo('GET', '/api/certification/credential');
    expect(calls.map((call) => [call.search, call.headers.get(PARENT_PIN_HEADER)])).toEqual([
      ['?level=1&includeName=true', null],
      ['?level=1&includeName=true', 'proof-1'],
    ]);
    expect(downloads.clicked).toHaveLength(1);
  });

  it('saves nothing when the PIN dialog is closed, and says how to go on without the name', async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openCredentialDialog({
      'GET /api/certification/credential': guardedCredential,
    });
    await user.click(within(dialog).getByRole('checkbox', { name: "Include Asha Rao's name" }));
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));
    const pin = await screen.findByRole('dialog', { name: 'Parent PIN' });
    await user.click(within(pin).getByRole('button', { name: 'Cancel' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Asha Rao's name is added only after a parent types the parent PIN.",
    );
    expect(downloads.clicked).toEqual([]);
    // Without the name no PIN is needed.
    await user.click(within(dialog).getByRole('checkbox', { name: "Include Asha Rao's name" }));
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));
    await waitFor(() => expect(downloads.clicked).toHaveLength(1));
  });

  it('shows the server’s message in the dialog when the credential cannot be downloaded', async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openCredentialDialog({
      'GET /api/certification/credential': {
        status: 403,
        body: { message: 'This certificate was revoked, so its credential cannot be downloaded.' },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This certificate was revoked, so its credential cannot be downloaded.',
    );
    expect(within(dialog).getByRole('button', { name: 'Download credential' })).toBeEnabled();
    expect(downloads.clicked).toEqual([]);
  });

  it('never saves an answer that is not a credential', async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openCredentialDialog({
      'GET /api/certification/credential': { text: '<html>proxy error</html>' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download credential' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The credential could not be downloaded. Please try again.',
    );
    expect(downloads.clicked).toEqual([]);
  });

  it('closes with Cancel or Escape without asking the server', async () => {
    const { user, callsTo } = await openCredentialDialog({
      'GET /api/certification/credential': guardedCredential,
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(levelSection(1)).getByRole('button', { name: 'Download credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 1 credential' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/certification/credential')).toHaveLength(0);
  });

  it('speaks Hindi in the dialog', async () => {
    showInHindi();
    withCertifications(body(levelOf(1), [1]));
    const { user } = renderApp('/my-certifications');
    await screen.findByRole('button', { name: 'सब खोलें' });
    const list = document.querySelector<HTMLElement>('.cert-levels');
    if (!list) throw new Error('no level list');
    const toggle = within(list).getByRole('button', { name: /^लेवल 1 / });
    await user.click(toggle);
    const section = toggle.closest('section') as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'क्रेडेंशियल डाउनलोड करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'लेवल 1 का क्रेडेंशियल' });
    expect(within(dialog).getByRole('checkbox', { name: 'Asha Rao का नाम भी जोड़ें' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
  });
});
