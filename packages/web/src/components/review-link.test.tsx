import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LearningSummaryResponse } from '@quizquest/shared';
import { showInHindi } from '../test/language.ts';
import { ReviewLink } from './review-link.tsx';

const summary = (reviewDue: number): LearningSummaryResponse => ({
  timeZone: 'Asia/Kolkata',
  today: '2026-11-24',
  streak: { current: 2, goalMetToday: false },
  dailyGoal: { target: 1, done: 0 },
  mastery: [],
  reviewDue,
});

describe('ReviewLink', () => {
  it('links to the review with the number due', () => {
    render(
      <MemoryRouter>
        <ReviewLink summary={summary(4)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Review your mistakes \(4 due\)/ })).toHaveAttribute(
      'href',
      '/review',
    );
  });

  it('says it in Hindi', () => {
    showInHindi();
    render(
      <MemoryRouter>
        <ReviewLink summary={summary(1)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /अपनी गलतियाँ दोहराइए \(1 बाकी\)/ })).toHaveAttribute(
      'href',
      '/review',
    );
  });

  it.each([
    ['nothing is due', summary(0)],
    ['the summary has not loaded', null],
  ])('shows nothing when %s', (_, value) => {
    const { container } = render(
      <MemoryRouter>
        <ReviewLink summary={value} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
