import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_CONTACT_EMAIL } from '../../../lib/config.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('privacy page', () => {
  it('tells parents what is stored, why, for how long and whom to write to', async () => {
    mockFetch();
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    expect(document.title).toBe('Privacy Notice | QuizQuest');
    for (const section of ['What we store', 'Why we store it', 'How long we keep it', 'Your rights']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByText('Download my data', { selector: 'strong' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Grievance contact' });
    expect(within(contact).getByRole('link', { name: PRIVACY_CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_CONTACT_EMAIL}`,
    );
    expect(contact).toHaveTextContent(
      `E-mail ${PRIVACY_CONTACT_EMAIL} from the address the account uses, so that we can confirm the request is yours.`,
    );
  });

  it('reads Hindi, the profile buttons it names and the contact address included', async () => {
    showInHindi();
    mockFetch();
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'प्राइवेसी नोटिस' })).toBeInTheDocument();
    expect(document.title).toBe('प्राइवेसी नोटिस | QuizQuest');
    expect(screen.getByRole('heading', { level: 2, name: 'आपके अधिकार' })).toBeInTheDocument();
    expect(screen.getByText('मेरा डेटा डाउनलोड करें', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('खाता हटाएँ', { selector: 'strong' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'शिकायत संपर्क' });
    expect(within(contact).getByRole('link', { name: PRIVACY_CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_CONTACT_EMAIL}`,
    );
    expect(screen.getByRole('link', { name: 'QuizQuest पर वापस जाएँ' })).toHaveAttribute('href', '/');
  });
});
