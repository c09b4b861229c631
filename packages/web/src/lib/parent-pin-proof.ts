import { PARENT_PIN_PROOF_SECONDS } from '@quizquest/shared/parent-pin';
import { getSession, subscribeToSession } from './session-store.ts';

/**
 * The parent PIN's proof (decision 035): the `pinToken` POST /api/account/pin/verify answers,
 * which guarded requests carry in the `x-parent-pin` header until it expires. Kept in memory only
 * (never localStorage, so a reload or another tab asks again), and only for the session it was
 * verified in: logging out, a new login or switching to another learner drops it.
 */
interface Proof {
  pinToken: string;
  /** When it stops being sent, in this device's clock (ms). */
  expiresAt: number;
  /** The bearer token of the session it was verified in. */
  sessionToken: string;
}

let proof: Proof | null = null;
let watching = false;

/** Drops the proof as soon as the session changes (logout, a 401, another learner, another tab). */
function watchSession(): void {
  if (watching) return;
  watching = true;
  subscribeToSession(() => {
    if (proof && getSession().token !== proof.sessionToken) proof = null;
  });
}

/**
 * Keeps a verified proof. The server's expiry counts, but never beyond the proof's lifetime from
 * now, and a clock running ahead of the server's does not throw a fresh proof away at once.
 */
export function keepParentPinProof(pinToken: string, expiresAt: string, now = Date.now()): void {
  const sessionToken = getSession().token;
  if (!sessionToken) {
    proof = null;
    return;
  }
  const longest = now + PARENT_PIN_PROOF_SECONDS * 1000;
  const serverExpiry = Date.parse(expiresAt);
  const expiry =
    Number.isFinite(serverExpiry) && serverExpiry > now ? Math.min(serverExpiry, longest) : longest;
  proof = { pinToken, expiresAt: expiry, sessionToken };
  watchSession();
}

/** The proof to send now, or null: none verified, expired, or verified in another session. */
export function liveParentPinProof(now = Date.now()): string | null {
  if (!proof) return null;
  if (now >= proof.expiresAt || getSession().token !== proof.sessionToken) {
    proof = null;
    return null;
  }
  return proof.pinToken;
}

/** Forgets the proof: the server refused it, or the PIN was set, changed, removed or reset. */
export function clearParentPinProof(): void {
  proof = null;
}
