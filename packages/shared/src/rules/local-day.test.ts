import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isTimeZone, localDay, startOfLocalDay } from './local-day.ts';

describe('localDay', () => {
  it.each([
    ['2026-03-01T18:29:59Z', 'Asia/Kolkata', '2026-03-01'],
    ['2026-03-01T18:30:00Z', 'Asia/Kolkata', '2026-03-02'],
    ['2026-03-01T23:59:59Z', 'UTC', '2026-03-01'],
    ['2026-03-01T04:00:00Z', 'America/New_York', '2026-02-28'],
    ['2026-12-31T20:00:00Z', 'Asia/Kolkata', '2027-01-01'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(localDay(new Date(instant), zone)).toBe(day);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['2026-03-02', 'Asia/Kolkata', '2026-03-01T18:30:00.000Z'],
    ['2026-03-02', 'UTC', '2026-03-02T00:00:00.000Z'],
    // New York on the day daylight saving starts (08 March 2026): midnight is still EST.
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-01-01', 'Asia/Kathmandu', '2025-12-31T18:15:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, instant) => {
    expect(startOfLocalDay(day, zone).toISOString()).toBe(instant);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-01', 21, '2026-03-22'],
  ])('%s + %i = %s', (day, days, result) => {
    expect(addDays(day, days)).toBe(result);
  });
});

describe('isTimeZone', () => {
  it.each([
    ['Asia/Kolkata', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s: %s', (zone, valid) => {
    expect(isTimeZone(zone)).toBe(valid);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-11-24', '2026-11-24', 0],
    ['2026-11-24', '2026-11-25', 1],
    ['2026-11-24', '2026-12-15', 21],
    ['2026-12-31', '2027-01-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-11-25', '2026-11-24', -1],
  ])('%s → %s is %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});
