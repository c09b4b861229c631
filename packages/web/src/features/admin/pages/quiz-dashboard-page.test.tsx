import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockHandler, type MockReply } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, findToast, renderApp, storeSession } from '../../../test/render-app.tsx';
import { quizList, quizRow } from '../testing/fixtures.ts';

// The admin pages are large and lazy: on a busy machine they need more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

async function openDashboard(handlers: Record<string, MockHandler> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: admin },
    'GET /api/admin/quizzes': { body: quizList([quizRow()]) },
    ...handlers,
  });
  storeSession(admin);
  const app = renderApp('/admin/quiz-dashboard');
  // The first test also compiles the lazy admin pages.
  await screen.findByRole('heading', { level: 1, name: 'Quiz Dashboard' }, { timeout: 10_000 });
  return { ...app, ...fetch };
}

describe('admin layout', () => {
  it('has the Admin Panel sidebar with Quiz Dashboard highlighted and Learners', async () => {
    await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(within(nav).getByRole('link', { name: 'Quiz Dashboard' })).toHaveAttribute('aria-current', 'page');
    const learners = within(nav).getByRole('link', { name: 'Learners' });
    expect(learners).toHaveAttribute('href', '/admin/learners');
    expect(learners).not.toHaveAttribute('aria-current');
    expect(document.title).toBe('Quiz Dashboard | QuizQuest');
  });
});

describe('quiz dashboard', () => {
  it("says 'Loading quizzes...' and then lists Title, Created, Attempts and the actions", async () => {
    const list = deferred<MockReply>();
    await openDashboard({ 'GET /api/admin/quizzes': () => list.promise });
    expect(screen.getByText('Loading quizzes...')).toBeInTheDocument();
    list.resolve({ body: quizList([quizRow(), quizRow({ _id: 'q2', title: 'Shapes', totalAttempts: 0 })]) });

    const table = await screen.findByRole('table');
    expect(screen.queryByText('Loading quizzes...')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Created', 'Attempts', 'Actions']);
    const row = within(table).getByRole('row', { name: /Animals Around Us/ });
    expect(row).toHaveTextContent('14/3/2026');
    expect(row).toHaveTextContent('7');
    for (const action of ['Edit', 'Stats', 'Delete']) {
      expect(within(row).getByRole('button', { name: new RegExp(`^${action}`) })).toHaveTextContent(action);
    }
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it("says 'No quizzes found.' for an empty list", async () => {
    await openDashboard({ 'GET /api/admin/quizzes': { body: quizList([]) } });
    expect(await screen.findByText('No quizzes found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('applies the title and date filters only on Apply Filters, as local days', async () => {
    const { user, callsTo } = await openDashboard();
    await screen.findByRole('table');
    expect(callsTo('GET', '/api/admin/quizzes')).toHaveLength(1);
    expect(callsTo('GET', '/api/admin/quizzes')[0]?.search).toBe('?page=1');

    await user.type(screen.getByLabelText('Search by title'), ' Animals ');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-31' } });
    expect(callsTo('GET', '/api/admin/quizzes')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() => expect(callsTo('GET', '/api/admin/quizzes')).toHaveLength(2));
    const params = new URLSearchParams(callsTo('GET', '/api/admin/quizzes')[1]?.search);
    expect(params.get('title')).toBe('Animals');
    expect(params.get('startDate')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(params.get('endDate')).toBe(new Date('2026-03-31T23:59:59.999').toISOString());
    expect(params.get('page')).toBe('1');
  });

  it('pages through the list', async () => {
    const { user, callsTo } = await openDashboard({
      'GET /api/admin/quizzes': (call) => {
        const page = Number(new URLSearchParams(call.search).get('page'));
        return { body: quizList([quizRow({ _id: `q${page}`, title: `Quiz on page ${page}` })], page, 45) };
      },
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Quiz on page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(new URLSearchParams(callsTo('GET', '/api/admin/quizzes').at(-1)?.search).get('page')).toBe('2');
  });

  it('shows a load failure with the server message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openDashboard({ 'GET /api/admin/quizzes': { status: 400, body: { message: 'Not a valid date' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a valid date');
  });
});

describe('quiz stats', () => {
  it('opens the stats modal from a row and closes it back to the button', async () => {
    const { user, callsTo } = await openDashboard({
      'GET /api/admin/quizzes/stats': {
        body: {
          stats: [
            {
              quizId: 'q1',
              title: 'Animals Around Us',
              attempts: 7,
              averageScore: 71.43,
              lastAttempt: '2026-03-20T09:15:00.000Z',
              deleted: false,
            },
          ],
        },
      },
    });
    const stats = await screen.findByRole('button', { name: 'Stats for Animals Around Us' });
    await user.click(stats);
    const dialog = await screen.findByRole('dialog', { name: 'Quiz Stats' }, { timeout: 5000 });
    expect(await within(dialog).findByRole('row', { name: /Animals Around Us/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(callsTo('GET', '/api/admin/quizzes/stats')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stats).toHaveFocus();
  });
});

describe('quiz deletion', () => {
  it("asks in an accessible 'Confirm Deletion' dialog that says it cannot be undone; Escape closes it", async () => {
    const { user, callsTo } = await openDashboard();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Animals Around Us' });
    await user.click(deleteButton);

    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(dialog).toHaveTextContent('Animals Around Us');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();

    // Focus stays inside: Tab from the last control wraps to the first.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(callsTo('DELETE', '/api/admin/quizzes/q1')).toHaveLength(0);
  });

  it('deletes on confirmation, reloads the list and shows a 3-second toast', async () => {
    const toastSpy = vi.spyOn(toast, 'success');
    let deleted = false;
    const { user, callsTo } = await openDashboard({
      'GET /api/admin/quizzes': () => ({ body: quizList(deleted ? [] : [quizRow()]) }),
      'DELETE /api/admin/quizzes/q1': () => {
        deleted = true;
        return { body: { message: 'Quiz deleted' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Animals Around Us' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No quizzes found.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/quizzes/q1')).toHaveLength(1);
    await findToast('Quiz deleted');
    expect(toastSpy).toHaveBeenCalledWith('Quiz deleted', expect.objectContaining({ autoClose: 3000 }));
  });

  it("shows and logs a failed deletion with the server's message, keeping the dialog", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openDashboard({
      'DELETE /api/admin/quizzes/q1': { status: 404, body: { message: 'Quiz not found' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Animals Around Us' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Quiz not found');
    expect(logged).toHaveBeenCalledWith('Failed to delete the quiz', expect.anything());
    await findToast('Quiz not found');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});

describe('quiz export and import', () => {
  it('downloads the quizzes of the applied filters as a JSON file', async () => {
    const file = { version: 1, exportedAt: '2026-03-20T00:00:00.000Z', quizzes: [] };
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:quizzes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, callsTo } = await openDashboard({ 'GET /api/admin/quizzes/export': { body: file } });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search by title'), 'Animals');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Exported 0 quizzes.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/quizzes/export')[0]?.search).toBe('?title=Animals');
    expect(clicked).toHaveBeenCalledTimes(1);
    const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^quizquest-quizzes-\d{4}-\d{2}-\d{2}\.json$/);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(JSON.parse(await (blob as Blob).text())).toEqual(file);
  });

  it('imports a file and lists every problem by quiz and question when it is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, callsTo } = await openDashboard({
      'POST /api/admin/quizzes/import': {
        status: 400,
        body: {
          message: 'The import has 2 problems; nothing was imported',
          errors: [
            { quiz: 1, title: 'Shapes', question: 2, message: 'All options must be filled in Question 2.' },
            { quiz: 3, title: null, question: null, message: 'Title is required' },
          ],
        },
      },
    });
    await screen.findByRole('table');
    const content = JSON.stringify({ version: 1, quizzes: [{ title: 'Shapes' }] });
    await user.upload(
      screen.getByLabelText('Import'),
      new File([content], 'quizzes.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import has 2 problems; nothing was imported');
    const problems = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      'Quiz 1 (Shapes), Question 2: All options must be filled in Question 2.',
      'Quiz 3: Title is required',
    ]);
    expect(callsTo('POST', '/api/admin/quizzes/import')[0]?.body).toEqual(JSON.parse(content));
  });

  it('reports the count imported and reloads the list', async () => {
    const { user, callsTo } = await openDashboard({
      'POST /api/admin/quizzes/import': {
        body: {
          message: 'Imported',
          imported: 2,
          quizzes: [
            { _id: 'a', title: 'A' },
            { _id: 'b', title: 'B' },
          ],
        },
      },
    });
    await screen.findByRole('table');
    await user.upload(
      screen.getByLabelText('Import'),
      new File(['{"version":1,"quizzes":[]}'], 'quizzes.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('Imported 2 quizzes.', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/admin/quizzes')).toHaveLength(2));
  });

  it('refuses a file that is not JSON without calling the server', async () => {
    const { user, callsTo } = await openDashboard();
    await screen.findByRole('table');
    await user.upload(
      screen.getByLabelText('Import'),
      new File(['not json'], 'q.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a JSON quiz export.');
    expect(callsTo('POST', '/api/admin/quizzes/import')).toHaveLength(0);
  });
});

describe('quiz dashboard in Hindi', () => {
  it('shows the sidebar, the table, the pages and the deletion dialog in Hindi', async () => {
    showInHindi();
    mockFetch({
      'GET /api/auth/me': { body: admin },
      'GET /api/admin/quizzes': {
        body: quizList([quizRow(), quizRow({ _id: 'q2', title: 'Shapes', level: 0, subLevel: null })], 1, 45),
      },
    });
    storeSession(admin);
    const { user } = renderApp('/admin/quiz-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'क्विज़ डैशबोर्ड' }, { timeout: 10_000 });
    expect(document.title).toBe('क्विज़ डैशबोर्ड | QuizQuest');
    const nav = screen.getByRole('navigation', { name: 'एडमिन पैनल' });
    expect(within(nav).getByRole('link', { name: 'विद्यार्थी' })).toHaveAttribute('href', '/admin/learners');
    expect(screen.getByRole('button', { name: '+ नया क्विज़ बनाएँ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फ़िल्टर लगाएँ' })).toBeInTheDocument();

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['नाम', 'बनाया गया', 'प्रयास', 'काम']);
    expect(within(table).getByRole('row', { name: /Shapes/ })).toHaveTextContent('अभ्यास');
    expect(screen.getByText('3 में से पेज 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अगला' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Animals Around Us हटाएँ' }));
    const dialog = screen.getByRole('alertdialog', { name: 'हटाने की पुष्टि करें' });
    expect(dialog).toHaveAccessibleDescription(/इसे वापस नहीं लाया जा सकेगा/);
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'हटाएँ' })).toBeInTheDocument();
  });
});
