import { describe, expect, it } from 'vitest';
import {
  decodeGradeParam,
  encodeGradeParam,
  PublishedQuizzesRequest,
  QuizHistoryQuery,
  SubmitQuizRequest,
} from './quizzes.ts';

describe('decodeGradeParam', () => {
  it.each([
    ['Yy0z', 'c-3'],
    [' Yy0z ', 'c-3'],
    ['Yy0xMg==', 'c-12'],
    ['Yy0xMg', 'c-12'],
    ['TnVyc2VyeQ==', 'Nursery'],
    ['SnItS2c=', 'Jr-Kg'],
    ['Yy0xMw==', null], // c-13
    ['YzM=', null], // c3
    ['', null],
    ['c-3', null], // not base64
    ['Yy0z=', null], // wrong padding
    ['%%%', null],
    ['A'.repeat(80), null],
  ])('%j → %s', (param, grade) => {
    expect(decodeGradeParam(param)).toBe(grade);
  });

  it('round-trips every grade value', () => {
    for (const grade of ['Nursery', 'Jr-Kg', 'Sr-Kg', 'c-1', 'c-9', 'c-12']) {
      expect(decodeGradeParam(encodeGradeParam(grade))).toBe(grade);
    }
  });
});

describe('PublishedQuizzesRequest', () => {
  it.each([
    [{ grade: 'Yy0z' }, { grade: 'c-3' }],
    [
      { grade: 'Yy0z', category: ' Maths ' },
      { grade: 'c-3', category: 'Maths' },
    ],
    [
      { grade: 'Yy0z', category: null },
      { grade: 'c-3', category: null },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(PublishedQuizzesRequest.parse(body)).toEqual(parsed);
  });

  it.each([
    [{}],
    [{ grade: 'c-3' }],
    [{ grade: 'Yy0z', category: 7 }],
    [{ grade: 'Yy0z', category: 'x'.repeat(101) }],
  ])('refuses %j', (body) => {
    expect(PublishedQuizzesRequest.safeParse(body).success).toBe(false);
  });
});

describe('SubmitQuizRequest', () => {
  it.each([
    [{ answers: [0, 1, 3] }, true],
    [{ answers: [] }, true],
    [{ answers: [1.5] }, false],
    [{ answers: [-1] }, false],
    [{ answers: ['1'] }, false],
    [{ answers: 'abc' }, false],
    [{}, false],
    [{ answers: Array(1001).fill(0) }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(SubmitQuizRequest.safeParse(body).success).toBe(valid);
  });
});

describe('QuizHistoryQuery', () => {
  it('defaults the page size to 100', () => {
    expect(QuizHistoryQuery.parse({})).toEqual({ limit: 100 });
  });
  it.each([
    [{ type: 'practice', limit: '20', before: '2025-01-02T03:04:05.000Z' }, true],
    [{ type: 'certification', before: '2025-01-02T08:34:05+05:30' }, true],
    [{ limit: '500' }, true],
    [{ limit: '501' }, false],
    [{ limit: '0' }, false],
    [{ limit: 'ten' }, false],
    [{ type: 'exam' }, false],
    [{ before: 'yesterday' }, false],
  ])('%j valid: %s', (query, valid) => {
    expect(QuizHistoryQuery.safeParse(query).success).toBe(valid);
  });
});
