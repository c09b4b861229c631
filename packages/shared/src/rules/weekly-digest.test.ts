import { describe, expect, it } from 'vitest';
import { isoWeek, weeklyDigestPeriod } from './weekly-digest.ts';

describe('isoWeek', () => {
  it.each([
    ['a Monday', '2026-11-23', '2026-W48'],
    ['the Sunday of the same week', '2026-11-29', '2026-W48'],
    ['1 January on a Thursday: week 1', '2026-01-01', '2026-W01'],
    ['1 January on a Friday: the last week of the year before', '2027-01-01', '2026-W53'],
    ['a Monday in December: week 1 of the next year', '2024-12-30', '2025-W01'],
    ['3 January on a Sunday: the last week of the year before', '2021-01-03', '2020-W53'],
    ['a week with one digit', '2026-03-04', '2026-W10'],
  ])('%s', (_name, day, week) => {
    expect(isoWeek(day)).toBe(week);
  });
});

describe('weeklyDigestPeriod (Asia/Kolkata, UTC+05:30)', () => {
  it.each([
    ['Monday 07:59:59 in India: not yet', '2026-11-23T02:29:59Z', null],
    ['Monday 08:00 in India: this week', '2026-11-23T02:30:00Z', '2026-W48'],
    ['Monday 01:30 in India (Sunday in UTC): not yet', '2026-11-22T20:00:00Z', null],
    ['Wednesday: still this week', '2026-11-25T12:00:00Z', '2026-W48'],
    ['Sunday 23:59 in India: still this week', '2026-11-29T18:29:00Z', '2026-W48'],
    ['Monday 00:00 in India of the next week: not yet', '2026-11-29T18:30:00Z', null],
    ['across a year: Friday 1 January 2027', '2027-01-01T06:00:00Z', '2026-W53'],
  ])('%s', (_name, now, period) => {
    expect(weeklyDigestPeriod(new Date(now))).toBe(period);
  });

  it('counts in another zone when given one', () => {
    // Monday 08:30 in London is 14:00 in India: due in both.
    expect(weeklyDigestPeriod(new Date('2026-11-23T08:30:00Z'), 'Europe/London')).toBe('2026-W48');
    // Monday 07:00 in London is Monday 12:30 in India: due in India, not yet in London.
    expect(weeklyDigestPeriod(new Date('2026-11-23T07:00:00Z'), 'Europe/London')).toBeNull();
    expect(weeklyDigestPeriod(new Date('2026-11-23T07:00:00Z'))).toBe('2026-W48');
  });
});
