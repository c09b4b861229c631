import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEVELS, type CertificationRecord, type MyCertificationsResponse } from '@quizquest/shared';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
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
