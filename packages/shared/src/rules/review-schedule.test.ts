import { describe, expect, it } from 'vitest';
import { isReviewDue, nextReviewCard, type ReviewCard } from './review-schedule.ts';

// The injectable clock: every instant is given, nothing reads Date.now().
const at = (iso: string) => new Date(iso);
const card = (step: number, dueAt: string): ReviewCard => ({ step, dueAt: at(dueAt) });
// 10:00 in Kolkata on 1 March 2026.
const answeredAt = at('2026-03-01T04:30:00Z');

describe('nextReviewCard (Asia/Kolkata)', () => {
  it.each([
    [
      'a wrong answer to a question not in the box: due at once',
      null,
      false,
      { step: 0, dueAt: '2026-03-01T04:30:00.000Z' },
    ],
    ['a right answer to a question not in the box: stays out', null, true, null],
    [
      'right at the start: due tomorrow morning',
      card(0, '2026-03-01T00:00:00Z'),
      true,
      { step: 1, dueAt: '2026-03-01T18:30:00.000Z' },
    ],
    [
      'right after 1 day: due in 3 days',
      card(1, '2026-03-01T00:00:00Z'),
      true,
      { step: 2, dueAt: '2026-03-03T18:30:00.000Z' },
    ],
    [
      'right after 3 days: due in 7 days',
      card(2, '2026-03-01T00:00:00Z'),
      true,
      { step: 3, dueAt: '2026-03-07T18:30:00.000Z' },
    ],
    [
      'right after 7 days: due in 21 days',
      card(3, '2026-03-01T00:00:00Z'),
      true,
      { step: 4, dueAt: '2026-03-21T18:30:00.000Z' },
    ],
    ['right after 21 days: learnt, leaves the box', card(4, '2026-03-01T00:00:00Z'), true, null],
    [
      'wrong after 7 days: back to the start, due at once',
      card(3, '2026-03-01T00:00:00Z'),
      false,
      { step: 0, dueAt: '2026-03-01T04:30:00.000Z' },
    ],
    [
      'wrong at the start: stays at the start',
      card(0, '2026-03-01T00:00:00Z'),
      false,
      { step: 0, dueAt: '2026-03-01T04:30:00.000Z' },
    ],
  ] as const)('%s', (_name, before, correct, after) => {
    const next = nextReviewCard(before, correct, answeredAt, 'Asia/Kolkata');
    expect(next && { step: next.step, dueAt: next.dueAt.toISOString() }).toEqual(after);
  });

  it('counts days on the learner’s calendar: late at night, "tomorrow" starts at their midnight', () => {
    // 23:50 in Kolkata is 18:20 UTC; tomorrow starts 10 minutes later.
    const next = nextReviewCard(
      card(0, '2026-03-01T00:00:00Z'),
      true,
      at('2026-03-01T18:20:00Z'),
      'Asia/Kolkata',
    );
    expect(next?.dueAt.toISOString()).toBe('2026-03-01T18:30:00.000Z');
    const utc = nextReviewCard(card(0, '2026-03-01T00:00:00Z'), true, at('2026-03-01T18:20:00Z'), 'UTC');
    expect(utc?.dueAt.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('isReviewDue', () => {
  it.each([
    ['before its time', '2026-03-02T00:00:00Z', '2026-03-01T23:59:59Z', false],
    ['at its time', '2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z', true],
    ['after its time', '2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z', true],
  ])('%s', (_name, dueAt, now, due) => {
    expect(isReviewDue(card(1, dueAt), at(now))).toBe(due);
  });
});
