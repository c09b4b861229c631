import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import {
  FAMILY_ERROR_CODES,
  PARENT_PIN_HEADER,
  PARENT_PIN_PROOF_SECONDS,
  PIN_REQUIRED_MESSAGE,
} from '@quizquest/shared';
import type { DbOrTx } from '../db/index.ts';
import { users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { forbidden } from '../lib/http-error.ts';

/**
 * The parent PIN (decision 035): when the account holder set one, the actions a child on the
 * parent's phone must not take (buying a plan, adding or removing a child, the data export,
 * deleting the account) need a fresh proof of it, in the `x-parent-pin` header.
 */
const PIN_PROOF_PURPOSE = 'parent-pin';

export interface PinState {
  pinHash: string | null;
  pinFailures: number;
  pinVersion: number;
}

/** The account's PIN state, from the holder's row; null when the account is gone. */
export async function pinState(db: DbOrTx, accountId: string, lock = false): Promise<PinState | null> {
  const query = db
    .select({ pinHash: users.pinHash, pinFailures: users.pinFailures, pinVersion: users.pinVersion })
    .from(users)
    .where(eq(users.id, accountId));
  const [row] = lock ? await query.for('no key update') : await query.limit(1);
  return row ?? null;
}

/** A proof that the parent typed the PIN of this version, valid for ten minutes. */
export function signPinProof(deps: Pick<AppDeps, 'jwt'>, accountId: string, pinVersion: number) {
  return deps.jwt.signProof(
    PIN_PROOF_PURPOSE,
    { sub: accountId, version: pinVersion },
    PARENT_PIN_PROOF_SECONDS,
  );
}

/**
 * Refuses the request (403 `pin-required`) unless the account has no PIN or the request carries a
 * live proof of the current PIN of the requester's own account.
 */
export async function requireParentPin(
  deps: Pick<AppDeps, 'db' | 'jwt'>,
  user: { accountId: string },
  headers: IncomingHttpHeaders,
): Promise<void> {
  const state = await pinState(deps.db, user.accountId);
  if (!state?.pinHash) return;
  const header = headers[PARENT_PIN_HEADER];
  const proofToken = typeof header === 'string' && header.length <= 2048 ? header : null;
  const proof = proofToken ? await deps.jwt.verifyProof(PIN_PROOF_PURPOSE, proofToken) : null;
  if (proof && proof.sub === user.accountId && proof.version === state.pinVersion) return;
  throw forbidden(PIN_REQUIRED_MESSAGE, FAMILY_ERROR_CODES.pinRequired);
}
