import { describe, expect, it, vi } from 'vitest';
import { configureZodWithoutEval } from './zod-without-eval.ts';

describe('configureZodWithoutEval', () => {
  it('makes zod jitless when set before zod loads', async () => {
    configureZodWithoutEval();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });

  it('zod then builds and runs object schemas without new Function', async () => {
    configureZodWithoutEval();
    const { z } = await import('zod');
    const functionSpy = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), score: z.number() });
    expect(schema.parse({ name: 'Asha', score: 3 })).toEqual({ name: 'Asha', score: 3 });
    expect(schema.safeParse({ name: 'Asha' }).success).toBe(false);
    expect(functionSpy).not.toHaveBeenCalled();
  });
});
