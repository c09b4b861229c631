import { SignJWT, jwtVerify } from 'jose';

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
  return {
    sign: ({ sub, tv }) =>
      new SignJWT({ tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
