import { describe, expect, it } from 'vitest';
import { isCalendarDate, ProfileUpdateRequest } from './profile.ts';
import { QuizHistoryQuery } from './quizzes.ts';
import { AdminQuizFilters, AdminStatsQuery } from './admin.ts';
import { boundedInstant, DATE_RANGE_MESSAGE, DateFilter, isCalendarDay, isInstantInRange } from './dates.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('DateFilter (admin startDate/endDate, stats from/to)', () => {
  it.each([
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2026-11-24', true],
    ['2024-02-29', true],
    ['1900-01-01T00:00:00Z', true],
    ['2100-12-31T23:59:59.999Z', true],
    ['2026-03-14T00:00:00+05:30', true],
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['9999-12-31', false],
    ['9999-12-31T23:59:59Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['1899-12-31T23:59:59.999Z', false],
    ['2101-01-01T00:00:00Z', false],
    ['1900-01-01T00:00:00+05:30', false],
    ['2023-02-29', false],
    ['2024-02-30', false],
    ['2024-02-30T00:00:00Z', false],
    ['+010000-01-01T00:00:00.000Z', false],
    ['-000001-01-01T00:00:00.000Z', false],
  ] as const)('%s → %s', (value, accepted) => {
    expect(DateFilter.safeParse(value).success).toBe(accepted);
  });

  it('says the range when a real date lies outside it', () => {
    expect(firstMessage(DateFilter.safeParse('9999-12-31'))).toBe(DATE_RANGE_MESSAGE);
    expect(firstMessage(DateFilter.safeParse('0000-01-01T00:00:00Z'))).toBe(DATE_RANGE_MESSAGE);
  });

  it.each([
    ['startDate', AdminQuizFilters],
    ['endDate', AdminQuizFilters],
    ['from', AdminStatsQuery],
    ['to', AdminStatsQuery],
  ] as const)('%s is bounded', (field, schema) => {
    for (const value of ['0000-01-01', '9999-12-31']) {
      expect(firstMessage(schema.safeParse({ [field]: value }))).toBe(DATE_RANGE_MESSAGE);
    }
    expect(schema.safeParse({ [field]: '2026-01-01' }).success).toBe(true);
  });
});

describe('history before (the scoreboard cursor)', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', true],
    ['2026-11-24T10:00:00+05:30', true],
    ['9999-12-31T23:59:59.999Z', false],
    ['0000-01-01T00:00:00.000Z', false],
    ['1899-12-31T00:00:00Z', false],
    ['2024-02-30T00:00:00Z', false],
    ['2026-11-24', false],
    ['yesterday', false],
  ] as const)('%s → %s', (before, accepted) => {
    expect(QuizHistoryQuery.safeParse({ before }).success).toBe(accepted);
  });

  it('names the field and the range', () => {
    expect(firstMessage(boundedInstant('before').safeParse('9999-12-31T00:00:00Z'))).toBe(
      'before must be a date and time from 1900-01-01 to 2100-12-31',
    );
  });
});

describe('date of birth', () => {
  it.each([
    ['1900-01-01', true],
    ['2015-06-30', true],
    ['1899-12-31', false],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['2101-01-01', false],
    ['2023-02-29', false],
  ] as const)('%s → %s', (dob, accepted) => {
    expect(isCalendarDate(dob)).toBe(accepted);
    const body = { first_name: 'A', last_name: 'B', grade: 'c-1', dob };
    expect(ProfileUpdateRequest.safeParse(body).success).toBe(accepted);
  });
});

describe('helpers', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-01', false],
  ] as const)('isCalendarDay(%s) → %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it.each([
    ['1900-01-01T00:00:00.000Z', true],
    ['2100-12-31T23:59:59.999Z', true],
    ['1899-12-31T23:59:59.999Z', false],
    ['2101-01-01T00:00:00.000Z', false],
  ] as const)('isInstantInRange(%s) → %s', (value, expected) => {
    expect(isInstantInRange(new Date(value))).toBe(expected);
  });

  it('an invalid Date is out of range', () => {
    expect(isInstantInRange(new Date(Number.NaN))).toBe(false);
  });
});
