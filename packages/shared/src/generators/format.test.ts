import { describe, expect, it } from 'vitest';
import { readNumberName } from './answer-check.ts';
import {
  formatClock,
  formatClock24,
  formatClockWithHalf,
  formatDecimal,
  formatDuration,
  formatNumber,
  formatRupees,
  numberName,
} from './format.ts';

describe('formatNumber: Indian digit grouping', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12_345, '12,345'],
    [1_23_456, '1,23,456'],
    [12_34_567, '12,34,567'],
    [12_34_56_789, '12,34,56,789'],
    [-3, '\u22123'],
    [-12_345, '\u221212,345'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('agrees with Intl en-IN over many numbers', () => {
    const indian = new Intl.NumberFormat('en-IN');
    for (let value = 1; value < 1e9; value = Math.floor(value * 1.37) + 1) {
      expect(formatNumber(value)).toBe(indian.format(value));
    }
  });

  it('refuses what is not a whole number', () => {
    expect(() => formatNumber(1.5)).toThrow(RangeError);
  });
});

describe('formatDecimal, formatRupees', () => {
  it.each([
    [1625, 2, '16.25'],
    [1600, 2, '16'],
    [1650, 2, '16.5'],
    [5, 2, '0.05'],
    [1_234_565, 1, '1,23,456.5'],
    [-25, 1, '\u22122.5'],
  ])('formatDecimal(%s, %s) → %s', (units, places, text) => {
    expect(formatDecimal(units, places)).toBe(text);
  });

  it.each([
    [1250, '₹12.50'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [12_345_600, '₹1,23,456.00'],
  ])('formatRupees(%s paise) → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe('times', () => {
  it.each([
    [0, '12:00', '12 midnight', '00:00'],
    [45, '12:45', '12:45 a.m.', '00:45'],
    [9 * 60 + 5, '9:05', '9:05 a.m.', '09:05'],
    [12 * 60, '12:00', '12 noon', '12:00'],
    [12 * 60 + 30, '12:30', '12:30 p.m.', '12:30'],
    [15 * 60 + 45, '3:45', '3:45 p.m.', '15:45'],
    [24 * 60 + 15, '12:15', '12:15 a.m.', '00:15'],
    [-15, '11:45', '11:45 p.m.', '23:45'],
  ])('%s minutes after midnight: %s, %s, %s', (minutes, face, half, full) => {
    expect(formatClock(minutes)).toBe(face);
    expect(formatClockWithHalf(minutes)).toBe(half);
    expect(formatClock24(minutes)).toBe(full);
  });

  it.each([
    [95, '1 hour 35 minutes'],
    [60, '1 hour'],
    [120, '2 hours'],
    [45, '45 minutes'],
    [1, '1 minute'],
    [121, '2 hours 1 minute'],
  ])('formatDuration(%s) → %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('numberName: the Indian system as NCERT writes it', () => {
  it.each([
    [0, 'zero'],
    [15, 'fifteen'],
    [40, 'forty'],
    [99, 'ninety-nine'],
    [101, 'one hundred one'],
    [3_452, 'three thousand four hundred fifty-two'],
    [3_45_210, 'three lakh forty-five thousand two hundred ten'],
    [70_08_050, 'seventy lakh eight thousand fifty'],
    [1_00_00_000, 'one crore'],
    [12_34_56_789, 'twelve crore thirty-four lakh fifty-six thousand seven hundred eighty-nine'],
  ])('%s → %s', (value, text) => {
    expect(numberName(value)).toBe(text);
  });

  it('reads back to the same number (an independent parser) over many numbers', () => {
    for (let value = 1; value < 1e9; value = Math.floor(value * 1.11) + 7) {
      expect(readNumberName(numberName(value))).toBe(value);
    }
  });

  it.each([-1, 1e9, 2.5])('refuses %s', (value) => {
    expect(() => numberName(value)).toThrow(RangeError);
  });
});
