import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { admin, storeSession } from '../../../test/render-app.tsx';
import { ImportExport } from './import-export.tsx';

const NO_FILTERS = { title: '', startDate: '', endDate: '' };

function renderInHindi(handlers: Parameters<typeof mockFetch>[0]) {
  const fetch = mockFetch(handlers);
  storeSession(admin);
  showInHindi();
  const onImported = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<ImportExport filters={NO_FILTERS} onImported={onImported} />);
  return { ...fetch, user, onImported };
}

describe('quiz import and export in Hindi', () => {
  it('names its buttons and counts the exported quizzes in Hindi', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const file = { version: 1, exportedAt: '2026-03-20T00:00:00.000Z', quizzes: [] };
    const { user } = renderInHindi({ 'GET /api/admin/quizzes/export': { body: file } });

    expect(screen.getByRole('heading', { name: 'इम्पोर्ट और एक्सपोर्ट' })).toBeInTheDocument();
    expect(screen.getByLabelText('इम्पोर्ट करें')).toHaveAttribute('type', 'file');
    await user.click(screen.getByRole('button', { name: 'एक्सपोर्ट करें' }));
    expect(await screen.findByText('कोई क्विज़ एक्सपोर्ट नहीं हुआ।')).toBeInTheDocument();
  });

  it('lists a refused import’s problems by quiz and question in Hindi, the server’s words as sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onImported } = renderInHindi({
      'POST /api/admin/quizzes/import': {
        status: 400,
        body: {
          message: 'इम्पोर्ट में 2 समस्याएँ हैं',
          errors: [
            { quiz: 1, title: 'Shapes', question: 2, message: 'विकल्प भरें' },
            { quiz: 3, title: null, question: null, message: 'शीर्षक ज़रूरी है' },
          ],
        },
      },
    });
    await user.upload(
      screen.getByLabelText('इम्पोर्ट करें'),
      new File(['{"version":1,"quizzes":[]}'], 'quizzes.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['क्विज़ 1 (Shapes), सवाल 2: विकल्प भरें', 'क्विज़ 3: शीर्षक ज़रूरी है']);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file that is not JSON in Hindi', async () => {
    const { user, callsTo } = renderInHindi({});
    await user.upload(
      screen.getByLabelText('इम्पोर्ट करें'),
      new File(['not json'], 'q.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('यह फ़ाइल क्विज़ की JSON एक्सपोर्ट फ़ाइल नहीं है।');
    expect(callsTo('POST', '/api/admin/quizzes/import')).toHaveLength(0);
  });
});
