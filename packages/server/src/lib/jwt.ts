import { SignJWT, jwtVerify } from 'jose';
import { Lru } from './lru.ts';

/** Tokens whose signature was checked, kept so each request does not recompute the HMAC. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenClaims {
  sub: string;
  /** The user's token version when issued: a password reset bumps it and revokes older tokens. */
  tv: number;
}

export interface JwtService {
  sign: (claims: TokenClaims) => Promise<string>;
  verify: (token: string) => Promise<TokenClaims | null>;
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
        if (typeof payload.exp === 'number') {
          verified.set(token, { sub: payload.sub, tv: payload.tv, expiresAt: payload.exp * 1000 });
        }
        return { sub: payload.sub, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
