import { describe, expect, it } from 'vitest';
import { PLAN_IN_FORCE_CASES } from './plan-in-force.cases.ts';
import { planInForce } from './plan-in-force.ts';

describe('planInForce', () => {
  it.each(PLAN_IN_FORCE_CASES)('$name', ({ terms, now, planId }) => {
    expect(planInForce(terms, now)?.planId ?? null).toBe(planId);
  });
});
