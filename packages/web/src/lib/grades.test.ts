import { act, renderHook, waitFor } from '@testing-library/react';
import { GRADES } from '@quizquest/shared';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockReply } from '../test/fetch-mock.ts';
import { translate } from '../i18n/i18n.ts';
import { showInHindi } from '../test/language.ts';
import { CATALOGUE_GRADES, gradeLabel, gradeOptions, useGrades } from './grades.ts';

const PATH = 'GET /api/grades/get-grades';
const SERVED = GRADES.slice(0, 2);

describe('useGrades', () => {
  it('offers the catalogue at once, then the list the server sends', async () => {
    const reply = deferred<MockReply>();
    const { callsTo } = mockFetch({ [PATH]: () => reply.promise });
    const { result } = renderHook(() => useGrades());
    expect(result.current).toEqual(CATALOGUE_GRADES);
    expect(result.current.length).toBeGreaterThan(SERVED.length);
    await act(async () => reply.resolve({ body: SERVED }));
    await waitFor(() => expect(result.current).toEqual(SERVED));
    expect(callsTo('GET', '/api/grades/get-grades')).toHaveLength(1);
    expect(callsTo('GET', '/api/grades/get-grades')[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each<[string, () => MockReply]>([
    ['a server error', () => ({ status: 500, body: { message: 'Internal Server Error' } })],
    ['an answer that is not a grade list', () => ({ body: { grades: 'none' } })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('keeps the catalogue after %s', async (_name, answer) => {
    const answered = deferred<void>();
    mockFetch({
      [PATH]: () => {
        answered.resolve();
        return answer();
      },
    });
    const { result } = renderHook(() => useGrades());
    await act(async () => {
      await answered.promise;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current).toEqual(CATALOGUE_GRADES);
  });

  it('gives the request up when the form goes away', async () => {
    const reply = deferred<MockReply>();
    const { fetchMock } = mockFetch({ [PATH]: () => reply.promise });
    const { unmount } = renderHook(() => useGrades());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    reply.resolve({ body: SERVED });
  });
});

describe('gradeLabel', () => {
  it('names every catalogue grade as the catalogue does, in English', () => {
    expect(GRADES.map((grade) => gradeLabel(grade.value, translate))).toEqual(
      GRADES.map((grade) => grade.label),
    );
  });

  it('names the grades in Hindi', () => {
    showInHindi();
    expect(gradeLabel('Nursery', translate)).toBe('नर्सरी');
    expect(gradeLabel('Sr-Kg', translate)).toBe('सीनियर केजी');
    expect(gradeLabel('c-3', translate)).toBe('कक्षा 3');
    expect(gradeLabel('c-12', translate)).toBe('कक्षा 12');
  });

  it('keeps the fallback for a value outside the catalogue', () => {
    expect(gradeLabel('Class 3', translate)).toBe('');
    expect(gradeLabel('c-', translate, 'c-')).toBe('c-');
    expect(gradeLabel(null, translate)).toBe('');
    expect(gradeLabel('Playgroup', translate, 'Playgroup')).toBe('Playgroup');
  });

  it('labels the options of a grade select in the language shown, values untouched', () => {
    showInHindi();
    expect(gradeOptions(GRADES.slice(0, 4), translate)).toEqual([
      { value: 'Nursery', label: 'नर्सरी' },
      { value: 'Jr-Kg', label: 'जूनियर केजी' },
      { value: 'Sr-Kg', label: 'सीनियर केजी' },
      { value: 'c-1', label: 'कक्षा 1' },
    ]);
  });
});
