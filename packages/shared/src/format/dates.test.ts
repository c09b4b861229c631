import { describe, expect, it } from 'vitest';
import { formatEnInDate, INDIA_TIME_ZONE, type DateFormat } from './dates.ts';

describe('formatEnInDate', () => {
  it.each<[string, DateFormat, string, string]>([
    ['2025-11-21T10:00:00.000Z', 'numeric', 'UTC', '21/11/2025'],
    ['2026-03-05T09:30:00.000Z', 'numeric', 'UTC', '5/3/2026'],
    // 20:00 UTC on the 11th is already the 12th in India, still the 11th in New York.
    ['2026-03-11T20:00:00.000Z', 'numeric', INDIA_TIME_ZONE, '12/3/2026'],
    ['2026-03-12T06:00:00.000Z', 'long', INDIA_TIME_ZONE, '12 March 2026'],
    ['2026-03-11T20:00:00.000Z', 'long', INDIA_TIME_ZONE, '12 March 2026'],
    ['2026-03-11T20:00:00.000Z', 'long', 'UTC', '11 March 2026'],
    ['2026-03-12T03:00:00.000Z', 'long', 'America/New_York', '11 March 2026'],
    ['2027-01-10T08:00:00.000Z', 'long', 'UTC', '10 January 2027'],
    ['2026-03-05T09:30:00.000Z', 'dateTime', 'UTC', '5 Mar 2026, 9:30 am'],
    ['2026-03-05T09:30:00.000Z', 'dateTime', INDIA_TIME_ZONE, '5 Mar 2026, 3:00 pm'],
    ['2026-03-20T18:45:00.000Z', 'dateTime', INDIA_TIME_ZONE, '21 Mar 2026, 12:15 am'],
    ['2026-12-31T20:00:00.000Z', 'dateTime', 'Asia/Kathmandu', '1 Jan 2027, 1:45 am'],
  ])('%s as %s in %s is %s', (iso, format, zone, text) => {
    // The space before am/pm differs between ICU versions (a narrow no-break space in newer ones).
    const shown = formatEnInDate(iso, format, zone).replace(/\s/gu, ' ');
    expect(shown).toBe(text);
    expect(formatEnInDate(new Date(iso), format, zone)).toBe(formatEnInDate(iso, format, zone));
  });

  it.each<[DateFormat, (date: Date) => string]>([
    ['numeric', (date) => date.toLocaleDateString('en-IN')],
    ['long', (date) => date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })],
    ['dateTime', (date) => date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })],
  ])(
    'without a zone writes %s in the runtime’s own zone, as toLocaleString en-IN does',
    (format, reference) => {
      for (const iso of ['2026-03-06T23:30:00.000Z', '2026-03-06T00:15:00.000Z']) {
        expect(formatEnInDate(iso, format)).toBe(reference(new Date(iso)));
      }
    },
  );

  it.each(['', 'not a date', '2026-13-45T00:00:00Z'])('writes nothing for %j', (value) => {
    for (const format of ['numeric', 'long', 'dateTime'] as const) {
      expect(formatEnInDate(value, format)).toBe('');
      expect(formatEnInDate(value, format, INDIA_TIME_ZONE)).toBe('');
    }
    expect(formatEnInDate(new Date(Number.NaN), 'long')).toBe('');
  });
});
