import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LearningSummaryResponse } from '@quizquest/shared';
import { showInHindi } from '../../../test/language.ts';
import { GOAL_CELEBRATED_KEY, goalText, StreakCard, streakText } from './streak-card.tsx';

function summary(current: number, done: number, today = '2026-03-06'): LearningSummaryResponse {
  return {
    timeZone: 'Asia/Kolkata',
    today,
    streak: { current, goalMetToday: done > 0 },
    dailyGoal: { target: 1, done },
    mastery: [],
    reviewDue: 0,
  };
}

const celebration = () => screen.queryByTestId('still-celebration');

afterEach(() => {
  localStorage.clear();
});

describe('StreakCard', () => {
  it.each([
    [1, '1 day in a row'],
    [2, '2 days in a row'],
    [30, '30 days in a row'],
  ])('a streak of %i reads "%s"', (days, text) => {
    expect(streakText(days)).toBe(text);
  });

  it('names the goal', () => {
    expect(goalText(1)).toBe("Today's goal: 1 quiz");
    expect(goalText(2)).toBe("Today's goal: 2 quizzes");
  });

  it('shows nothing before the summary has loaded', () => {
    const { container } = render(<StreakCard summary={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('invites, never shames, when there is no streak (also after a broken one)', () => {
    render(<StreakCard summary={summary(0, 0)} />);
    const card = screen.getByRole('region', { name: 'Your learning days' });
    expect(card).toHaveTextContent('Finish a quiz today to start a streak!');
    expect(card).toHaveTextContent("Today's goal: 1 quiz");
    expect(card.textContent).not.toMatch(/lost|broke|missed|fail|again|0 days/i);
    expect(celebration()).toBeNull();
  });

  it('shows a streak still open today without a celebration', () => {
    render(<StreakCard summary={summary(4, 0)} />);
    expect(screen.getByText('4 days in a row')).toBeInTheDocument();
    expect(screen.getByText("Today's goal: 1 quiz")).toBeInTheDocument();
    expect(celebration()).toBeNull();
  });

  it('celebrates a met goal once a day: the still band, remembered for that day', () => {
    const first = render(<StreakCard summary={summary(1, 1)} />);
    expect(screen.getByText('Goal met for today!')).toBeInTheDocument();
    expect(screen.getByText('1 day in a row')).toBeInTheDocument();
    expect(celebration()).toBeInTheDocument();
    expect(localStorage.getItem(GOAL_CELEBRATED_KEY)).toBe('2026-03-06');
    first.unmount();

    // Back on the dashboard the same day: the goal is still met, the confetti is not repeated.
    const again = render(<StreakCard summary={summary(1, 2)} />);
    expect(screen.getByText('Goal met for today!')).toBeInTheDocument();
    expect(celebration()).toBeNull();
    again.unmount();

    // The next day's goal gets its own celebration.
    render(<StreakCard summary={summary(2, 1, '2026-03-07')} />);
    expect(celebration()).toBeInTheDocument();
  });

  it('speaks Hindi: the streak, the goal and the met goal', () => {
    showInHindi();
    expect(streakText(1)).toBe('लगातार 1 दिन');
    expect(goalText(2)).toBe('आज का लक्ष्य: 2 क्विज़');
    const open = render(<StreakCard summary={summary(0, 0)} />);
    expect(screen.getByRole('heading', { name: 'आपके सीखने के दिन' })).toBeInTheDocument();
    expect(screen.getByText(/लगातार दिनों की गिनती शुरू करें/)).toBeInTheDocument();
    open.unmount();
    render(<StreakCard summary={summary(5, 1)} />);
    expect(screen.getByText('लगातार 5 दिन')).toBeInTheDocument();
    expect(screen.getByText('आज का लक्ष्य पूरा हो गया!')).toBeInTheDocument();
  });
});
