import { SignJWT, jwtVerify } from 'jose';
import { Lru } from './lru.ts';

/** Tokens whose signature was checked, kept so each request does not recompute the HMAC. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenClaims {
  sub: string;
  /** The user's token version when issued: a password reset bumps it and revokes older tokens. */
  tv: number;
}

/** A short-lived proof of something the account holder did (decision 035: the parent PIN). */
export interface ProofClaims {
  /** The account. */
  sub: string;
  /** The version of what was proved (the PIN's): a new PIN voids older proofs. */
  version: number;
}

export interface JwtService {
  sign: (claims: TokenClaims) => Promise<string>;
  verify: (token: string) => Promise<TokenClaims | null>;
  /** A proof for `purpose` (its audience): never accepted as a sign-in token, nor for another purpose. */
  signProof: (
    purpose: string,
    claims: ProofClaims,
    ttlSeconds: number,
  ) => Promise<{ token: string; expiresAt: Date }>;
  verifyProof: (purpose: string, token: string) => Promise<ProofClaims | null>;
}

export function createJwtService(secret: string, ttlSeconds: number): JwtService {
  const key = new TextEncoder().encode(secret);
  if (key.byteLength < 32) throw new Error('JWT secret must be at least 256 bits');
  // A token is immutable: once its signature checks out, only its expiry can change the answer.
  const verified = new Lru<TokenClaims & { expiresAt: number }>(VERIFIED_TOKENS_KEPT);
  return {
    sign: ({ sub, tv }) =>
      new SignJWT({ tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return { sub: known.sub, tv: known.tv };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        if (payload.aud !== undefined) return null; // a proof is not a sign-in
        if (typeof payload.exp === 'number') {
          verified.set(token, { sub: payload.sub, tv: payload.tv, expiresAt: payload.exp * 1000 });
        }
        return { sub: payload.sub, tv: payload.tv };
      } catch {
        return null;
      }
    },
    signProof: async (purpose, { sub, version }, proofTtlSeconds) => {
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + proofTtlSeconds) * 1000);
      const token = await new SignJWT({ pv: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setAudience(purpose)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    verifyProof: async (purpose, token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: purpose });
        if (typeof payload.sub !== 'string' || typeof payload.pv !== 'number') return null;
        return { sub: payload.sub, version: payload.pv };
      } catch {
        return null;
      }
    },
  };
}
