import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showInHindi } from '../test/language.ts';
import { MasteryBadge } from './mastery-badge.tsx';
import { Modal } from './modal.tsx';
import { PageLoading } from './page-loading.tsx';

describe('shared widgets', () => {
  it('say Loading..., Close and the mastery level in English', () => {
    render(<PageLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    render(
      <Modal title="Statistics" onClose={() => undefined}>
        <p>Body</p>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const { container } = render(
      <MasteryBadge mastery={{ category: 'Maths', level: 'mastered', answered: 40, correct: 38 }} />,
    );
    expect(container).toHaveTextContent('Mastery: 🏆 Mastered');
  });

  it('say them in Hindi', () => {
    showInHindi();
    render(<PageLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('लोड हो रहा है...');
    render(
      <Modal title="आँकड़े" onClose={() => undefined}>
        <p>Body</p>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
    const { container } = render(
      <MasteryBadge mastery={{ category: 'Maths', level: 'familiar', answered: 12, correct: 7 }} />,
    );
    expect(container).toHaveTextContent('महारत: ⭐ जान-पहचान');
  });
});
