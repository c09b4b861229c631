import { render, screen } from '@testing-library/react';
import { CONSENT_TEXT } from '@quizquest/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { showInHindi } from '../../../test/language.ts';
import { ConsentLabel } from './consent-label.tsx';

function renderLabel() {
  return render(
    <MemoryRouter>
      <label>
        <input type="checkbox" />
        <ConsentLabel />
      </label>
    </MemoryRouter>,
  );
}

describe('consent label', () => {
  it('reads CONSENT_TEXT word for word in English, the words the server records', () => {
    renderLabel();
    expect(screen.getByRole('checkbox', { name: CONSENT_TEXT })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'privacy notice' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('reads Hindi, with the privacy notice still linked', () => {
    showInHindi();
    renderLabel();
    expect(
      screen.getByRole('checkbox', {
        name: 'मैं इस विद्यार्थी का माता-पिता या अभिभावक हूँ और प्राइवेसी नोटिस से सहमत हूँ',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'प्राइवेसी नोटिस' })).toHaveAttribute('href', '/privacy');
  });
});
