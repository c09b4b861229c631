import { findLevel, type PaidPlanId } from '@quizquest/shared';
import type { Database } from '../db/index.ts';
import { certifications, subscriptions } from '../db/schema.ts';

/** The certification feature's code generator, for tests of other features that store a certificate. */
export { newCertificateCode } from '../features/certification/service.ts';

/** Puts a user on a paid plan from a second before `now` for a year (as an admin activation would). */
export async function subscribe(database: Database, userId: string, planId: PaidPlanId, now: Date) {
  await database.db.insert(subscriptions).values({
    userId,
    planId,
    startsAt: new Date(now.getTime() - 1000),
    endsAt: new Date(now.getTime() + 365 * 86_400_000),
    source: 'admin',
  });
}

/** Every sub-level id of the given levels, in catalogue order. */
export function subLevelIdsOf(...levels: number[]): string[] {
  return levels.flatMap((level) => (findLevel(level)?.subLevels ?? []).map((subLevel) => subLevel.id));
}

/** Inserts earned certifications straight into the database (set-up for tests not about earning). */
export async function insertCertifications(
  database: Database,
  userId: string,
  certIds: string[],
  earnedAt = new Date(),
) {
  if (certIds.length === 0) return;
  await database.db.insert(certifications).values(
    certIds.map((certId) => ({
      userId,
      certId,
      level: Number(/^L(\d+)-C\d+$/.exec(certId)?.[1] ?? 0),
      earnedAt,
    })),
  );
}

/**
 * The sub-levels of the same level that come before `certId` in catalogue order ('L1-C4' →
 * L1-C1 to L1-C3): what a learner must have earned before taking it (decision 023).
 */
export function subLevelIdsBefore(certId: string): string[] {
  const level = Number(/^L(\d+)-C\d+$/.exec(certId)?.[1] ?? 0);
  const ids = subLevelIdsOf(level);
  const index = ids.indexOf(certId);
  if (index === -1) throw new Error(`${certId} is not a catalogue sub-level`);
  return ids.slice(0, index);
}
