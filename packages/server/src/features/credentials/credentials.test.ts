import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { and, eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_PIN_HEADER, PIN_REQUIRED_MESSAGE } from '@quizquest/shared';
import {
  certificateRevocations,
  certificates,
  credentialStatusEntries,
  STATUS_LIST_SIZE,
  users,
} from '../../db/schema.ts';
import { generateSigningJwk, type PublicCredentialJwk } from '../../lib/credential-keys.ts';
import type { AppDeps } from '../../deps.ts';
import { ACCOUNT_DELETED_REASON } from '../../lib/credentials.ts';
import { memoryRateLimiter } from '../../lib/rate-limiter.ts';
import { insertCertifications, newCertificateCode, subLevelIdsOf } from '../../testing/certification.ts';
import {
  createTestContext,
  insertChild,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from '../../testing/index.ts';
import {
  ALREADY_REVOKED_MESSAGE,
  CODE_UNKNOWN_MESSAGE,
  CODE_VALID_MESSAGE,
  CREDENTIAL_EXPIRED_MESSAGE,
  CREDENTIAL_INVALID_MESSAGE,
  CREDENTIAL_REVOKED_MESSAGE,
  CREDENTIAL_VALID_MESSAGE,
  CREDENTIAL_VERIFY_RATE_MESSAGE,
  verify,
} from './service.ts';

/**
 * The Open Badges 3.0 credentials (issue 21, decision 037), end to end through the API: a
 * verifier that knows nothing of QuizQuest but the JWKS it serves (jose's jwtVerify with
 * createLocalJWKSet) must accept a fresh credential and refuse a changed, foreign-signed or
 * expired one; the status list must mark a revoked one; the credential must validate against the
 * Open Badges 3.0 AchievementCredential JSON schema.
 */

const APP_URL = 'http://localhost:3000';
const ISSUER = `${APP_URL}/api/credentials/issuer`;
const signingJwk = await generateSigningJwk();
const schema = JSON.parse(
  readFileSync(new URL('./__fixtures__/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats.default(ajv);
const validateAchievementCredential = ajv.compile(schema);

let context: TestContext;
let learner: { id: string; email: string; headers: Record<string, string> };
let admin: { headers: Record<string, string> };

async function learnerWithLevel(levels: number[], name = { firstName: 'Asha', lastName: 'Privatesurname' }) {
  const user = await insertUser(context.database);
  await context.database.db.update(users).set(name).where(eq(users.id, user.id));
  await insertCertifications(context.database, user.id, subLevelIdsOf(...levels));
  return { id: user.id, email: user.email, headers: await loginAs(context, user.email) };
}

const download = (headers: Record<string, string> | undefined, query: string) =>
  context.request({ method: 'GET', url: `/api/certification/credential?${query}`, headers });

async function credentialOf(headers: Record<string, string>, query = 'level=1'): Promise<string> {
  const response = await download(headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const verifyApi = (payload: unknown) =>
  context.request({ method: 'POST', url: '/api/credentials/verify', payload: payload as object });

async function servedJwks(target: TestContext = context): Promise<JSONWebKeySet> {
  const response = await target.request({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(response.statusCode).toBe(200);
  return response.json<JSONWebKeySet>();
}

/** The independent verifier: only jose and the served JWKS. */
async function independentlyVerify(token: string, jwks: JSONWebKeySet) {
  return jwtVerify(token, createLocalJWKSet(jwks), { issuer: ISSUER, typ: 'vc+jwt', algorithms: ['EdDSA'] });
}

const privateKey = () =>
  importJWK({ ...signingJwk, alg: undefined, use: undefined, kid: undefined }, 'EdDSA');

async function certificateCode(userId: string, level = 1): Promise<string> {
  const [row] = await context.database.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.level, level)));
  if (!row) throw new Error('no certificate');
  return row.code;
}

/** The bit of a status list credential's encodedList at `index` (multibase base64url of GZIP). */
function statusBit(statusList: JWTPayload, index: number): boolean {
  const subject = statusList.credentialSubject as { encodedList: string; statusPurpose: string };
  expect(subject.statusPurpose).toBe('revocation');
  expect(subject.encodedList.startsWith('u')).toBe(true);
  const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
  expect(bits.length * 8).toBe(STATUS_LIST_SIZE);
  return ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}

async function statusOf(token: string): Promise<boolean> {
  const status = decodeJwt(token).credentialStatus as {
    statusListCredential: string;
    statusListIndex: string;
  };
  const response = await context.request({
    method: 'GET',
    url: status.statusListCredential.slice(APP_URL.length),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/vc\+jwt/);
  const { payload } = await independentlyVerify(response.body, await servedJwks());
  return statusBit(payload, Number(status.statusListIndex));
}

const revoke = (code: string, reason: unknown, headers = admin.headers) =>
  context.request({
    method: 'POST',
    url: `/api/admin/certificates/${code}/revoke`,
    headers,
    payload: { reason } as object,
  });

beforeAll(async () => {
  context = await createTestContext({
    rateLimitFactor: 100,
    env: { CREDENTIAL_SIGNING_KEY: JSON.stringify(signingJwk) },
  });
  learner = await learnerWithLevel([1]);
  const adminUser = await insertUser(context.database, { role: 'admin' });
  admin = { headers: await loginAs(context, adminUser.email) };
});
afterAll(async () => {
  await context.close();
});

describe('the public documents', () => {
  it('publishes the public signing key as a JWKS, never its private part', async () => {
    const response = await context.request({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({
      keys: [{ kty: 'OKP', crv: 'Ed25519', x: signingJwk.x, kid: signingJwk.kid, alg: 'EdDSA', use: 'sig' }],
    });
    expect(response.body).not.toContain(String(signingJwk.d));
  });

  it('serves the issuer profile at the URL credentials name', async () => {
    const response = await context.request({ method: 'GET', url: '/api/credentials/issuer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ISSUER, type: ['Profile'], name: 'QuizQuest', url: APP_URL });
  });

  it('serves an achievement per level, each listing its ten sub-levels', async () => {
    for (let level = 1; level <= 10; level += 1) {
      const response = await context.request({
        method: 'GET',
        url: `/api/credentials/achievements/${level}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ id: string; name: string; criteria: { narrative: string } }>();
      expect(body.id).toBe(`${APP_URL}/api/credentials/achievements/${level}`);
      expect(body.name).toBe(`QuizQuest Level ${level}`);
      expect(body.criteria.narrative.split('\n').filter((line) => /^\d+\. /.test(line))).toHaveLength(10);
    }
  });

  it.each(['0', '11', '01', 'abc', '1.5', '-1'])('answers 404 for achievement %s', async (level) => {
    const response = await context.request({ method: 'GET', url: `/api/credentials/achievements/${level}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Achievement not found' });
  });

  it.each(['0', '2', 'abc', '99999999999'])('answers 404 for status list %s', async (listId) => {
    const response = await context.request({ method: 'GET', url: `/api/credentials/status/${listId}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Status list not found' });
  });
});

describe('GET /api/docs', () => {
  it('documents the credential routes (the JWKS lives outside /api)', async () => {
    const response = await context.request({ method: 'GET', url: '/api/docs' });
    expect(Object.keys(response.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/credentials/issuer',
        '/credentials/achievements/{level}',
        '/credentials/status/{listId}',
        '/credentials/verify',
        '/certification/credential',
        '/admin/certificates/{code}/revoke',
      ]),
    );
  });
});

describe('GET /api/certification/credential', () => {
  it('refuses anonymous callers, bad levels and levels not complete', async () => {
    expect((await download(undefined, 'level=1')).statusCode).toBe(401);
    for (const query of ['level=0', 'level=11', 'level=abc', '', 'level=1&includeName=yes']) {
      const response = await download(learner.headers, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    const response = await download(learner.headers, 'level=2');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Level 2 is not complete yet. Earn all 10 certifications of Level 2 to download its certificate.',
    });
  });

  it('answers a VC-JWT that an independent verifier accepts with only the served JWKS', async () => {
    const response = await download(learner.headers, 'level=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="quizquest-level-1-credential.jwt"',
    );
    const { payload, protectedHeader } = await independentlyVerify(response.body, await servedJwks());
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: signingJwk.kid, typ: 'vc+jwt' });
    const code = await certificateCode(learner.id);
    const [issued] = await context.database.db
      .select({ issuedAt: certificates.issuedAt })
      .from(certificates)
      .where(eq(certificates.code, code));
    expect(payload).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: ISSUER, type: ['Profile'], name: 'QuizQuest', url: APP_URL },
      validFrom: issued?.issuedAt.toISOString(),
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: { id: `${APP_URL}/api/credentials/achievements/1`, name: 'QuizQuest Level 1' },
      },
      evidence: [{ id: `${APP_URL}/certificates/verify/${code}` }],
      credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
      iss: ISSUER,
      jti: payload.id,
    });
    expect(payload.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const status = payload.credentialStatus as Record<string, string>;
    expect(status.statusListCredential).toMatch(new RegExp(`^${APP_URL}/api/credentials/status/\\d+$`));
    expect(status.id).toBe(`${status.statusListCredential}#${status.statusListIndex}`);
  });

  it('identifies the learner by a salted hash of the e-mail, with no name or e-mail in the credential', async () => {
    const token = await credentialOf(learner.headers);
    const payload = decodeJwt(token);
    const [identity, ...others] = (
      payload.credentialSubject as { identifier: Array<Record<string, unknown>> }
    ).identifier;
    expect(others).toEqual([]);
    expect(identity).toEqual({
      type: 'IdentityObject',
      hashed: true,
      identityType: 'emailAddress',
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      identityHash: `sha256$${createHash('sha256')
        .update(learner.email + String(identity?.salt))
        .digest('hex')}`,
    });
    const text = JSON.stringify(payload);
    for (const secret of ['Asha', 'Privatesurname', learner.email, learner.email.split('@')[0] ?? '']) {
      expect(text).not.toContain(secret);
    }
  });

  it('validates against the Open Badges 3.0 AchievementCredential schema, with and without the name', async () => {
    for (const query of ['level=1', 'level=1&includeName=true']) {
      const payload = decodeJwt(await credentialOf(learner.headers, query));
      const valid = validateAchievementCredential(payload);
      expect(validateAchievementCredential.errors ?? [], query).toEqual([]);
      expect(valid).toBe(true);
    }
    // The schema is not a rubber stamp: a credential without its issuer or subject fails it.
    const payload = decodeJwt(await credentialOf(learner.headers));
    expect(validateAchievementCredential({ ...payload, issuer: undefined })).toBe(false);
    expect(
      validateAchievementCredential({ ...payload, credentialSubject: { type: ['AchievementSubject'] } }),
    ).toBe(false);
  });

  it('puts the name in only when asked, and then behind the parent PIN when one is set', async () => {
    const named = decodeJwt(await credentialOf(learner.headers, 'level=1&includeName=true'));
    expect((named.credentialSubject as { identifier: unknown[] }).identifier).toContainEqual({
      type: 'IdentityObject',
      hashed: false,
      identityType: 'name',
      identityHash: 'Asha Privatesurname',
    });
    expect(JSON.stringify(named)).not.toContain(learner.email);
    const verdict = await verifyApi({
      credential: await credentialOf(learner.headers, 'level=1&includeName=true'),
    });
    expect(verdict.json()).toMatchObject({ status: 'valid', name: 'Asha Privatesurname' });

    const parent = await learnerWithLevel([1]);
    const pin = await context.request({
      method: 'PUT',
      url: '/api/account/pin',
      headers: parent.headers,
      payload: { password: TEST_PASSWORD, pin: '4826' },
    });
    expect(pin.statusCode).toBe(200);
    const refused = await download(parent.headers, 'level=1&includeName=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PIN_REQUIRED_MESSAGE, code: 'pin-required' });
    // Without the name the PIN is not needed.
    expect((await download(parent.headers, 'level=1')).statusCode).toBe(200);
    const proof = await context.request({
      method: 'POST',
      url: '/api/account/pin/verify',
      headers: parent.headers,
      payload: { pin: '4826' },
    });
    expect(proof.statusCode).toBe(200);
    const allowed = await download(
      { ...parent.headers, [PARENT_PIN_HEADER]: proof.json<{ pinToken: string }>().pinToken },
      'level=1&includeName=true',
    );
    expect(allowed.statusCode).toBe(200);
    expect(JSON.stringify(decodeJwt(allowed.body))).toContain('Asha Privatesurname');
  });

  it('signs again on each download: the same id and status index, a new salt', async () => {
    const first = decodeJwt(await credentialOf(learner.headers));
    const second = decodeJwt(await credentialOf(learner.headers));
    expect(second.id).toBe(first.id);
    expect(second.credentialStatus).toEqual(first.credentialStatus);
    const salt = (payload: JWTPayload) =>
      (payload.credentialSubject as { identifier: Array<{ salt: string }> }).identifier[0]?.salt;
    expect(salt(second)).not.toBe(salt(first));
  });

  it('allocates one status index when ten first downloads arrive at once', async () => {
    const racer = await learnerWithLevel([1]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        context.app.inject({
          method: 'GET',
          url: '/api/certification/credential?level=1',
          headers: racer.headers,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const payloads = responses.map((response) => decodeJwt(response.body));
    expect(new Set(payloads.map((payload) => payload.id)).size).toBe(1);
    expect(new Set(payloads.map((payload) => JSON.stringify(payload.credentialStatus))).size).toBe(1);
    const [certificate] = await context.database.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.userId, racer.id));
    const entries = await context.database.db
      .select()
      .from(credentialStatusEntries)
      .where(eq(credentialStatusEntries.certificateId, certificate?.id ?? ''));
    expect(entries).toHaveLength(1);
  });
});

describe('POST /api/credentials/verify', () => {
  it('says valid for a fresh credential, with the details and the signing key', async () => {
    const token = await credentialOf(learner.headers);
    const response = await verifyApi({ credential: token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'valid',
      message: CREDENTIAL_VALID_MESSAGE,
      code: await certificateCode(learner.id),
      level: 1,
      achievement: 'QuizQuest Level 1',
      issuedAt: decodeJwt(token).validFrom,
      revokedAt: null,
      revocationReason: null,
      keyId: signingJwk.kid,
      name: null,
    });
    expect(response.body).not.toContain(learner.email);
    // Surrounding white space, as a pasted file has, is no difference.
    expect((await verifyApi({ credential: `\n${token}\n` })).json()).toMatchObject({ status: 'valid' });
  });

  it('says invalid for a changed byte, anywhere, and so does the independent verifier', async () => {
    const token = await credentialOf(learner.headers);
    const jwks = await servedJwks();
    const [header = '', payload = '', signature = ''] = token.split('.');
    const flip = (part: string, at: number) =>
      part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
    const changed = [
      `${header}.${flip(payload, 40)}.${signature}`,
      `${header}.${flip(payload, payload.length - 3)}.${signature}`,
      `${header}.${payload}.${flip(signature, 10)}`,
      `${flip(header, 5)}.${payload}.${signature}`,
    ];
    for (const tampered of changed) {
      const response = await verifyApi({ credential: tampered });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'invalid', message: CREDENTIAL_INVALID_MESSAGE });
      await expect(independentlyVerify(tampered, jwks)).rejects.toThrow();
    }
  });

  it('says invalid for a credential signed by another key, under our kid or its own', async () => {
    const payload = decodeJwt(await credentialOf(learner.headers));
    const { privateKey: foreign } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    for (const kid of [String(signingJwk.kid), 'someone-else']) {
      const forged = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'vc+jwt' })
        .sign(foreign);
      expect((await verifyApi({ credential: forged })).json()).toMatchObject({ status: 'invalid' });
      await expect(independentlyVerify(forged, await servedJwks())).rejects.toThrow();
    }
  });

  it('says invalid for junk, another issuer or an unsigned token', async () => {
    const payload = decodeJwt(await credentialOf(learner.headers));
    const key = await privateKey();
    const otherIssuer = await new SignJWT({ ...payload, iss: 'https://evil.example/issuer' })
      .setProtectedHeader({ alg: 'EdDSA', kid: String(signingJwk.kid), typ: 'vc+jwt' })
      .sign(key);
    const notABadge = await new SignJWT({ ...payload, type: ['VerifiableCredential'] })
      .setProtectedHeader({ alg: 'EdDSA', kid: String(signingJwk.kid), typ: 'vc+jwt' })
      .sign(key);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    for (const credential of ['x', 'a.b.c', 'not a jwt at all', otherIssuer, notABadge, unsigned]) {
      const response = await verifyApi({ credential });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'invalid', message: CREDENTIAL_INVALID_MESSAGE });
    }
  });

  it('says expired for a credential of ours whose exp or validUntil passed, as jose does', async () => {
    const payload = decodeJwt(await credentialOf(learner.headers));
    const key = await privateKey();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ ...payload, validUntil: new Date(past * 1000).toISOString() })
      .setProtectedHeader({ alg: 'EdDSA', kid: String(signingJwk.kid), typ: 'vc+jwt' })
      .setExpirationTime(past)
      .sign(key);
    expect((await verifyApi({ credential: expired })).json()).toMatchObject({
      status: 'expired',
      message: CREDENTIAL_EXPIRED_MESSAGE,
      level: 1,
    });
    await expect(independentlyVerify(expired, await servedJwks())).rejects.toBeInstanceOf(errors.JWTExpired);
    const pastValidUntil = await new SignJWT({ ...payload, validUntil: new Date(past * 1000).toISOString() })
      .setProtectedHeader({ alg: 'EdDSA', kid: String(signingJwk.kid), typ: 'vc+jwt' })
      .sign(key);
    expect((await verifyApi({ credential: pastValidUntil })).json()).toMatchObject({ status: 'expired' });
  });

  it('checks a certificate code: valid with the first name, invalid when unknown', async () => {
    const code = await certificateCode(learner.id);
    expect((await verifyApi({ code: code.toLowerCase() })).json()).toMatchObject({
      status: 'valid',
      message: CODE_VALID_MESSAGE,
      code,
      level: 1,
      name: 'Asha',
      revokedAt: null,
    });
    for (const unknown of ['AAAA-BBBB-CCCC', 'nonsense']) {
      expect((await verifyApi({ code: unknown })).json()).toEqual({
        status: 'invalid',
        message: CODE_UNKNOWN_MESSAGE,
      });
    }
  });

  it.each([
    ['no body field', {}],
    ['both fields', { credential: 'a.b.c', code: 'AAAA-BBBB-CCCC' }],
    ['an empty credential', { credential: '  ' }],
    ['a number', { credential: 42 }],
    ['an array', { code: ['AAAA-BBBB-CCCC'] }],
    ['a credential over 64 KB', { credential: 'a'.repeat(64 * 1024 + 1) }],
  ])('answers 400 for %s, writing nothing', async (_name, payload) => {
    const response = await verifyApi(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('limits checks per address to 60 a minute', async () => {
    const deps = {
      db: context.database.db,
      rateLimiter: memoryRateLimiter(),
      rateLimitFactor: 1,
    } as unknown as AppDeps;
    const body = { code: 'AAAA-BBBB-CCCC' };
    for (let index = 0; index < 60; index += 1) {
      await expect(verify(deps, '203.0.113.9', body)).resolves.toMatchObject({ status: 'invalid' });
    }
    await expect(verify(deps, '203.0.113.9', body)).rejects.toMatchObject({
      statusCode: 429,
      message: CREDENTIAL_VERIFY_RATE_MESSAGE,
    });
    await expect(verify(deps, '203.0.113.10', body)).resolves.toMatchObject({ status: 'invalid' });
  });

  it('answers in Hindi to a Hindi reader', async () => {
    const response = await context.request({
      method: 'POST',
      url: '/api/credentials/verify',
      headers: { 'accept-language': 'hi' },
      payload: { code: 'AAAA-BBBB-CCCC' },
    });
    expect(response.json()).toEqual({ status: 'invalid', message: 'इस कोड का कोई प्रमाणपत्र नहीं है।' });
  });
});

describe('revocation', () => {
  it('revokes once: the verifier, the status list, the certificate check and the admin detail all say so', async () => {
    const holder = await learnerWithLevel([1]);
    const token = await credentialOf(holder.headers);
    const code = await certificateCode(holder.id);
    expect(await statusOf(token)).toBe(false);

    expect((await revoke(code, 'x')).statusCode).toBe(400);
    expect((await revoke(code, 'Copied answers', holder.headers)).statusCode).toBe(403);
    const response = await revoke(code.toLowerCase(), '  Copied answers  ');
    expect(response.statusCode).toBe(200);
    const revocation = response.json<{ code: string; revokedAt: string; reason: string }>();
    expect(revocation).toEqual({ code, revokedAt: expect.any(String), reason: 'Copied answers' });
    const again = await revoke(code, 'Copied answers');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_REVOKED_MESSAGE });

    expect((await verifyApi({ credential: token })).json()).toMatchObject({
      status: 'revoked',
      message: CREDENTIAL_REVOKED_MESSAGE,
      code,
      revokedAt: revocation.revokedAt,
      revocationReason: 'Copied answers',
    });
    expect((await verifyApi({ code })).json()).toMatchObject({
      status: 'revoked',
      revokedAt: revocation.revokedAt,
    });
    // Independently: the signature still holds, and the served status list has the bit set.
    await independentlyVerify(token, await servedJwks());
    expect(await statusOf(token)).toBe(true);
    expect(await statusOf(await credentialOf(learner.headers))).toBe(false);

    const check = await context.request({ method: 'GET', url: `/api/certificates/verify/${code}` });
    expect(check.json()).toMatchObject({
      valid: true,
      revokedAt: revocation.revokedAt,
      revocationReason: 'Copied answers',
    });
    const detail = await context.request({
      method: 'GET',
      url: `/api/admin/learners/${holder.id}`,
      headers: admin.headers,
    });
    expect(detail.json<{ certificates: unknown }>().certificates).toEqual([
      {
        code,
        level: 1,
        issuedAt: expect.any(String),
        revokedAt: revocation.revokedAt,
        revocationReason: 'Copied answers',
      },
    ]);
    const refused = await download(holder.headers, 'level=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This certificate was revoked, so its credential cannot be downloaded.',
    });
  });

  it('answers 404 for an unknown or malformed code', async () => {
    for (const code of ['AAAA-BBBB-CCCC', 'nonsense']) {
      const response = await revoke(code, 'Copied answers');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Certificate not found' });
    }
  });

  it('revokes a certificate whose credential was never downloaded, and only once when two admins race', async () => {
    const holder = await learnerWithLevel([1]);
    const [certificate] = await context.database.db
      .insert(certificates)
      .values({ userId: holder.id, level: 1, code: newCertificateCode() })
      .returning();
    const code = certificate?.code ?? '';
    const responses = await Promise.all([
      context.app.inject({
        method: 'POST',
        url: `/api/admin/certificates/${code}/revoke`,
        headers: admin.headers,
        payload: { reason: 'First admin' },
      }),
      context.app.inject({
        method: 'POST',
        url: `/api/admin/certificates/${code}/revoke`,
        headers: admin.headers,
        payload: { reason: 'Second admin' },
      }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await context.database.db
      .select()
      .from(certificateRevocations)
      .where(eq(certificateRevocations.certificateId, certificate?.id ?? ''));
    expect(rows).toHaveLength(1);
  });

  it('revokes every certificate when the account is deleted, and the credentials stop verifying', async () => {
    const holder = await learnerWithLevel([1]);
    const token = await credentialOf(holder.headers);
    const deleted = await context.request({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: holder.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await verifyApi({ credential: token })).json()).toMatchObject({
      status: 'revoked',
      revocationReason: ACCOUNT_DELETED_REASON,
    });
    expect(await statusOf(token)).toBe(true);
  });

  it("revokes a removed child's certificates before the child goes", async () => {
    const parent = await learnerWithLevel([]);
    const child = await insertChild(context.database, parent.id);
    const [certificate] = await context.database.db
      .insert(certificates)
      .values({ userId: child.id, level: 1, code: newCertificateCode() })
      .returning();
    const erasures = async () =>
      (
        await context.database.db
          .select({ reason: certificateRevocations.reason })
          .from(certificateRevocations)
          .where(eq(certificateRevocations.reason, ACCOUNT_DELETED_REASON))
      ).length;
    const before = await erasures();
    const removed = await context.request({
      method: 'DELETE',
      url: `/api/learners/${child.id}`,
      headers: parent.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
    // The certificate is gone with the child; its revocation stays, so the status bit stays set.
    const gone = await context.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, certificate?.id ?? ''));
    expect(gone).toEqual([]);
    expect(await erasures()).toBe(before + 1);
  });
});

describe('the data export', () => {
  it("includes each certificate's credential, signed, without the name", async () => {
    const response = await context.request({
      method: 'GET',
      url: '/api/user/export',
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    const { credentials } = response.json<{
      credentials: Array<{ level: number; code: string; credential: string }>;
    }>();
    expect(credentials).toEqual([
      { level: 1, code: await certificateCode(learner.id), credential: expect.any(String) },
    ]);
    const token = credentials[0]?.credential ?? '';
    await independentlyVerify(token, await servedJwks());
    expect(JSON.stringify(decodeJwt(token))).not.toMatch(/Asha|Privatesurname/);
    expect((await verifyApi({ credential: token })).json()).toMatchObject({ status: 'valid' });
  });
});

describe('key rotation', () => {
  it('keeps verifying credentials of a retired key, and signs new ones with the new key', async () => {
    const oldToken = await credentialOf(learner.headers);
    const newJwk = await generateSigningJwk();
    const retired: PublicCredentialJwk[] = (await servedJwks()).keys as PublicCredentialJwk[];
    const rotated = await createTestContext({
      database: context.database,
      rateLimitFactor: 100,
      env: {
        CREDENTIAL_SIGNING_KEY: JSON.stringify(newJwk),
        CREDENTIAL_RETIRED_KEYS: JSON.stringify(retired),
      },
    });
    try {
      const jwks = await servedJwks(rotated);
      expect(jwks.keys.map((key) => key.kid)).toEqual([newJwk.kid, signingJwk.kid]);
      const verdict = await rotated.request({
        method: 'POST',
        url: '/api/credentials/verify',
        payload: { credential: oldToken },
      });
      expect(verdict.json()).toMatchObject({ status: 'valid', keyId: signingJwk.kid });
      await independentlyVerify(oldToken, jwks);

      const fresh = await rotated.request({
        method: 'GET',
        url: '/api/certification/credential?level=1',
        headers: await loginAs(rotated, learner.email),
      });
      expect(fresh.statusCode).toBe(200);
      expect(decodeProtectedHeader(fresh.body).kid).toBe(newJwk.kid);
      await independentlyVerify(fresh.body, jwks);
      // The same credential, whichever key signed it.
      expect(decodeJwt(fresh.body).id).toBe(decodeJwt(oldToken).id);
    } finally {
      await rotated.app.close();
    }
  });
});
