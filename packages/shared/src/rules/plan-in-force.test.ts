import { describe, expect, it } from 'vitest';
import { PLAN_IN_FORCE_CASES } from './plan-in-force.cases.ts';
import { planInForce, type PlanTerm } from './plan-in-force.ts';

type Term = PlanTerm & { planId: string };

describe('planInForce', () => {
  it.each(PLAN_IN_FORCE_CASES)('$name', ({ terms, now, planId }) => {
    expect(planInForce(terms, now)?.planId ?? null).toBe(planId);
  });
});

describe("planInForce: the account cache's table (it was termInForce)", () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  const term = (planId: string, startsAt: string, endsAt: string): Term => ({
    planId,
    startsAt: at(startsAt),
    endsAt: at(endsAt),
  });

  it.each<[string, Term[], string | null]>([
    ['no terms', [], null],
    ['one running term', [term('plan99', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')], 'plan99'],
    ['a term not started yet', [term('plan99', '2025-06-01T12:00:01Z', '2026-01-01T00:00:00Z')], null],
    [
      'a term starting exactly now',
      [term('plan99', '2025-06-01T12:00:00Z', '2026-01-01T00:00:00Z')],
      'plan99',
    ],
    ['a term that has ended', [term('plan99', '2024-01-01T00:00:00Z', '2025-06-01T11:59:59Z')], null],
    ['a term ending exactly now', [term('plan99', '2024-01-01T00:00:00Z', '2025-06-01T12:00:00Z')], null],
    [
      'a term ending a millisecond from now',
      [term('plan59', '2024-01-01T00:00:00Z', '2025-06-01T12:00:00.001Z')],
      'plan59',
    ],
    [
      'an ended term and a running one',
      [
        term('plan299', '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'),
        term('plan59', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
      ],
      'plan59',
    ],
    [
      'two running terms: the one ending last',
      [
        term('plan299', '2025-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
        term('plan99', '2025-05-01T00:00:00Z', '2026-05-01T00:00:00Z'),
        term('plan199', '2025-02-01T00:00:00Z', '2025-07-01T00:00:00Z'),
      ],
      'plan99',
    ],
    [
      'a running term and a later one not started yet',
      [
        term('plan59', '2025-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
        term('plan299', '2025-07-01T00:00:00Z', '2027-01-01T00:00:00Z'),
      ],
      'plan59',
    ],
  ])('%s', (_name, terms, expected) => {
    expect(planInForce(terms, now)?.planId ?? null).toBe(expected);
  });

  it('returns the term itself, and does not reorder the input', () => {
    const terms = [
      term('plan59', '2025-01-01T00:00:00Z', '2025-12-01T00:00:00Z'),
      term('plan99', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ];
    const copy = [...terms];
    expect(planInForce(terms, now)).toBe(terms[1]);
    expect(terms).toEqual(copy);
  });
});
