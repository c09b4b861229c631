import { describe, expect, it } from 'vitest';
import { firstNestedId, matchPath, substitute } from './same-work.ts';

const LEARNER = '6f1c2a7e-0b1d-4c5e-9f00-0a1b2c3d4e5f';
const OTHER = '11111111-2222-4333-8444-555555555555';
const DRAW = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('the same-work floor replays the captured statements for the requesting learner', () => {
  it('puts the requesting learner in place of the captured one, in plain and JSON parameters', () => {
    const replaced = substitute(
      [LEARNER, 10, true, `{"userId":"${LEARNER}","n":1}`, null],
      new Map([[LEARNER, OTHER]]),
    );
    expect(replaced).toEqual([OTHER, 10, true, `{"userId":"${OTHER}","n":1}`, null]);
  });

  it('leaves the parameters alone when nothing is to be replaced', () => {
    const params = [LEARNER, 'x'];
    expect(substitute(params, new Map())).toBe(params);
  });

  it('reads the path parameters of a route, and refuses another route', () => {
    expect(matchPath('/api/quizzes/:quizId', `/api/quizzes/${DRAW}`)).toEqual({ quizId: DRAW });
    expect(matchPath('/api/quizzes/:quizId', '/api/quizzes/history/extra')).toBeNull();
    expect(matchPath('/api/review', '/api/reviews')).toBeNull();
    expect(matchPath('/api/review', '/api/review')).toEqual({});
  });

  it('finds the pending draw’s id in a JSON column, not the row’s own id', () => {
    const rows = [{ id: OTHER, title: 'Quiz', draw: { id: DRAW, questions: [], generated: null } }];
    expect(firstNestedId(rows)).toBe(DRAW);
    expect(firstNestedId([{ id: OTHER, draw: null }])).toBeUndefined();
    expect(firstNestedId([[OTHER, 'Quiz', { id: DRAW }]])).toBe(DRAW);
  });
});
