import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, isNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import {
  certificateRevocations,
  certificates,
  credentialStatusEntries,
  STATUS_LIST_SIZE,
  users,
} from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { buildCredential, signCredential } from './open-badges.ts';

/**
 * The certificates' credentials in the database (decision 037): each certificate's status entry
 * (its place on a revocation list and its credential id), the revocations, and the signing of a
 * certificate's credential, for the download and the data export alike.
 */

export interface StatusEntry {
  listId: number;
  statusIndex: number;
  credentialId: string;
}

const entryColumns = {
  listId: credentialStatusEntries.listId,
  statusIndex: credentialStatusEntries.statusIndex,
  credentialId: credentialStatusEntries.credentialId,
};

async function entryOf(db: DbOrTx, certificateId: string): Promise<StatusEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(credentialStatusEntries)
    .where(eq(credentialStatusEntries.certificateId, certificateId))
    .limit(1);
  return row ?? null;
}

/** The newest list while it is less than half full (random indexes stay quick to find), else a new one. */
async function listForNewEntry(db: DbOrTx): Promise<number> {
  const [newest] = await db
    .select({ listId: max(credentialStatusEntries.listId) })
    .from(credentialStatusEntries);
  const listId = newest?.listId ?? 1;
  const [used] = await db
    .select({ entries: count() })
    .from(credentialStatusEntries)
    .where(eq(credentialStatusEntries.listId, listId));
  return (used?.entries ?? 0) < STATUS_LIST_SIZE / 2 ? listId : listId + 1;
}

/**
 * The certificate's status entry, allocated on first need at a random free index (so an index
 * tells nothing of the order of issue). Concurrent callers, on any instance, race on the unique
 * certificate and (list, index) keys: every loser's insert does nothing and all read the winner's.
 */
export async function ensureStatusEntry(db: DbOrTx, certificateId: string): Promise<StatusEntry> {
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const existing = await entryOf(db, certificateId);
    if (existing) return existing;
    await db
      .insert(credentialStatusEntries)
      .values({ listId: await listForNewEntry(db), statusIndex: randomInt(STATUS_LIST_SIZE), certificateId })
      .onConflictDoNothing();
  }
  throw new Error('could not allocate a credential status index');
}

export interface Revocation {
  revokedAt: Date;
  reason: string;
}

const revocationColumns = {
  revokedAt: certificateRevocations.revokedAt,
  reason: certificateRevocations.reason,
};

/** The revocation at a list's index, if any (it outlives the certificate). */
export async function revocationAt(
  db: DbOrTx,
  listId: number,
  statusIndex: number,
): Promise<Revocation | null> {
  const [row] = await db
    .select(revocationColumns)
    .from(certificateRevocations)
    .where(
      and(eq(certificateRevocations.listId, listId), eq(certificateRevocations.statusIndex, statusIndex)),
    )
    .limit(1);
  return row ?? null;
}

export async function revocationOf(db: DbOrTx, certificateId: string): Promise<Revocation | null> {
  const [row] = await db
    .select(revocationColumns)
    .from(certificateRevocations)
    .where(eq(certificateRevocations.certificateId, certificateId))
    .limit(1);
  return row ?? null;
}

/**
 * Revokes a certificate: its status entry (allocated if no credential was ever signed) gets its
 * revocation. Null when it was already revoked: the unique keys make a second revocation, even a
 * concurrent one, insert nothing.
 */
export async function revokeCertificate(
  db: DbOrTx,
  values: { certificateId: string; reason: string; revokedBy: string | null; now: Date },
): Promise<Revocation | null> {
  const entry = await ensureStatusEntry(db, values.certificateId);
  const [row] = await db
    .insert(certificateRevocations)
    .values({
      listId: entry.listId,
      statusIndex: entry.statusIndex,
      certificateId: values.certificateId,
      reason: values.reason,
      revokedBy: values.revokedBy,
      revokedAt: values.now,
    })
    .onConflictDoNothing()
    .returning(revocationColumns);
  return row ?? null;
}

export const ACCOUNT_DELETED_REASON = 'Account deleted';

/**
 * Revokes every certificate of these learners not yet revoked ('Account deleted'), in the erasing
 * transaction, before their rows go: the credentials they hold stop verifying.
 */
export async function revokeLearnersCertificates(db: DbOrTx, learnerIds: string[], now: Date): Promise<void> {
  if (learnerIds.length === 0) return;
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .leftJoin(certificateRevocations, eq(certificateRevocations.certificateId, certificates.id))
    .where(and(inArray(certificates.userId, learnerIds), isNull(certificateRevocations.listId)));
  for (const row of rows) {
    await revokeCertificate(db, {
      certificateId: row.id,
      reason: ACCOUNT_DELETED_REASON,
      revokedBy: null,
      now,
    });
  }
}

/** The revoked indexes of a list. */
export async function revokedIndexes(db: DbOrTx, listId: number): Promise<number[]> {
  const rows = await db
    .select({ statusIndex: certificateRevocations.statusIndex })
    .from(certificateRevocations)
    .where(eq(certificateRevocations.listId, listId));
  return rows.map((row) => row.statusIndex);
}

/** The newest list (1 before any entry): lists 1 to this one exist. */
export async function newestStatusList(db: DbOrTx): Promise<number> {
  const [newest] = await db
    .select({ listId: max(credentialStatusEntries.listId) })
    .from(credentialStatusEntries);
  return newest?.listId ?? 1;
}

/** The credential a verifier's status entry names: its certificate's code, when it still exists. */
export async function certificateOfCredential(db: DbOrTx, credentialId: string) {
  const [row] = await db
    .select({
      listId: credentialStatusEntries.listId,
      statusIndex: credentialStatusEntries.statusIndex,
      code: certificates.code,
    })
    .from(credentialStatusEntries)
    .leftJoin(certificates, eq(certificates.id, credentialStatusEntries.certificateId))
    .where(eq(credentialStatusEntries.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/**
 * A certificate's credential, freshly signed: the same id and status index every time, a new
 * salt for the e-mail's hash, the learner's name only when given.
 */
export async function signCertificateCredential(
  deps: Pick<AppDeps, 'db' | 'config' | 'credentialKeys' | 'now'>,
  certificate: { id: string; level: number; code: string; issuedAt: Date },
  holder: { email: string; name: string | null },
  db: DbOrTx = deps.db,
): Promise<string> {
  const entry = await ensureStatusEntry(db, certificate.id);
  const credential = buildCredential({
    appUrl: deps.config.appUrl,
    level: certificate.level,
    code: certificate.code,
    issuedAt: certificate.issuedAt,
    credentialId: entry.credentialId,
    status: { listId: entry.listId, index: entry.statusIndex },
    email: holder.email,
    name: holder.name,
  });
  return signCredential(deps.credentialKeys, credential, deps.now());
}

/**
 * A certificate found by its public code, with only what a verifier may see (the first name) and
 * its revocation: the public certificate check and the credential check both read it.
 */
export async function certificateByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      code: certificates.code,
      level: certificates.level,
      issuedAt: certificates.issuedAt,
      firstName: users.firstName,
      revokedAt: certificateRevocations.revokedAt,
      revocationReason: certificateRevocations.reason,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(certificateRevocations, eq(certificateRevocations.certificateId, certificates.id))
    .where(eq(certificates.code, code))
    .limit(1);
  return row ?? null;
}
