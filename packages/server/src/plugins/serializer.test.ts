import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QuizAttemptResponse } from '@quizquest/shared';
import { responseSerializer } from './serializer.ts';

const compile = (schema: z.ZodType, verify = false) =>
  responseSerializer({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

const attempt = {
  _id: 'q1',
  title: 'Shapes',
  category: 'Maths',
  grades: ['c-1'],
  level: 0,
  levelName: null,
  subLevel: null,
  learnMoreLink: null,
  quizLimits: 3,
  totalQuestions: 1,
  attemptCount: 0,
  questions: [
    {
      _id: 'x1',
      questionText: 'Which is round?',
      questionImage: null,
      options: [{ type: 'text', value: 'Circle', isCorrect: true }],
      correctIndex: 0,
    },
  ],
};

describe('responseSerializer', () => {
  it('writes only what the schema names: a quiz for a learner never carries its answers', () => {
    const text = compile(QuizAttemptResponse)(attempt);
    expect(text).not.toMatch(/correctIndex|isCorrect/);
    expect(JSON.parse(text)).toEqual(QuizAttemptResponse.parse(attempt));
  });

  it('drops unknown keys inside nullable objects too, and writes null for them', () => {
    const schema = z.object({ next: z.object({ id: z.string() }).nullable(), note: z.string().optional() });
    const serialize = compile(schema, true);
    expect(serialize({ next: { id: 'a', secret: 'hash' } })).toBe('{"next":{"id":"a"}}');
    expect(serialize({ next: null, note: 'n' })).toBe('{"next":null,"note":"n"}');
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const schema = z.object({
      code: z.custom<string>((value) => typeof value === 'string' && value.length === 4),
    });
    expect(() => z.toJSONSchema(schema, { unrepresentable: 'throw' })).toThrow();
    expect(compile(schema)({ code: 'K7QM', extra: 1 })).toBe('{"code":"K7QM"}');
    expect(() => compile(schema)({ code: 'too long' })).toThrow();
  });

  it('refuses, when verifying, a response its schema does not allow', () => {
    const schema = z.object({ count: z.number().int() });
    expect(() => compile(schema, true)({ count: 'many' })).toThrow();
    expect(compile(schema, true)({ count: 2 })).toBe('{"count":2}');
  });
});
