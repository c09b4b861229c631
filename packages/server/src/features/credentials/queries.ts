import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { certificateRevocations, certificates, users } from '../../db/schema.ts';

/** A certificate by its public code, with its revocation and what the public check shows (the first name). */
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

/** The certificate an admin revokes, locked so revocations and erasures of it take turns. */
export async function lockCertificateByCode(tx: Tx, code: string) {
  const [row] = await tx
    .select({ id: certificates.id, code: certificates.code })
    .from(certificates)
    .where(eq(certificates.code, code))
    .for('update');
  return row ?? null;
}
