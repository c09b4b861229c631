/** The plan-in-force table, run against the pure rule here and against the server's SQL fragment there. */
import type { PlanTerm } from './plan-in-force.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
const term = (
  planId: string,
  start: number,
  end: number,
  cancelled?: number,
): PlanTerm & { planId: string } => ({
  planId,
  startsAt: day(start),
  endsAt: day(end),
  cancelledAt: cancelled === undefined ? null : day(cancelled),
});

export const PLAN_IN_FORCE_CASES: Array<{
  name: string;
  terms: Array<PlanTerm & { planId: string }>;
  now: Date;
  planId: string | null;
}> = [
  { name: 'no terms', terms: [], now: day(10), planId: null },
  { name: 'a running term', terms: [term('plan59', 0, 365)], now: day(10), planId: 'plan59' },
  { name: 'on its first instant', terms: [term('plan59', 10, 365)], now: day(10), planId: 'plan59' },
  { name: 'not yet started', terms: [term('plan59', 11, 365)], now: day(10), planId: null },
  { name: 'on its end instant (ended)', terms: [term('plan59', 0, 10)], now: day(10), planId: null },
  { name: 'ended', terms: [term('plan59', 0, 5)], now: day(10), planId: null },
  { name: 'cancelled', terms: [term('plan299', 0, 365, 3)], now: day(10), planId: null },
  {
    name: 'two running: the one ending last',
    terms: [term('plan299', 0, 100), term('plan59', 5, 200)],
    now: day(10),
    planId: 'plan59',
  },
  {
    name: 'a cancelled term ending last does not hide a running one',
    terms: [term('plan99', 0, 100), term('plan299', 5, 400, 6)],
    now: day(10),
    planId: 'plan99',
  },
  {
    name: 'an ended term and a running one',
    terms: [term('plan299', 0, 9), term('plan99', 9, 300)],
    now: day(10),
    planId: 'plan99',
  },
];
