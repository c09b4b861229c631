import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { certificates } from '../../db/schema.ts';

/** The certificate an admin revokes, locked so revocations and erasures of it take turns. */
export async function lockCertificateByCode(tx: Tx, code: string) {
  const [row] = await tx
    .select({ id: certificates.id, code: certificates.code })
    .from(certificates)
    .where(eq(certificates.code, code))
    .for('update');
  return row ?? null;
}
