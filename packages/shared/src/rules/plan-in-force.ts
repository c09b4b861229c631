/**
 * Which of a learner's plan terms is in force at `now` (design.md §5): a term that is not
 * cancelled, has started (startsAt <= now) and has not ended (now < endsAt); of several, the one
 * ending last. This is THE rule; the server's SQL fragment (entitlements) and the account cache
 * apply it, and a table-driven test holds them to it.
 */
export interface PlanTerm {
  startsAt: Date;
  endsAt: Date;
  /** Absent or null: not cancelled. */
  cancelledAt?: Date | null;
}

export function isTermInForce(term: PlanTerm, now: Date): boolean {
  return !term.cancelledAt && term.startsAt <= now && now < term.endsAt;
}

export function planInForce<T extends PlanTerm>(terms: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const term of terms) {
    if (!isTermInForce(term, now)) continue;
    if (!best || term.endsAt > best.endsAt) best = term;
  }
  return best;
}
