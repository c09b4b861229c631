import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { findLevel, type Level } from '@quizquest/shared';
import type { CredentialKeys } from './credential-keys.ts';

/**
 * Open Badges 3.0 credentials (decision 037): an OpenBadgeCredential on the W3C VC 2.0 data
 * model per complete level, signed as a VC-JWT (a compact JWS, EdDSA with Ed25519, the
 * credential itself as the payload), and the Bitstring Status List credentials that say which
 * ones are revoked. Pure but for the clock and the salt: the database lives in credential-status.ts.
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB_SCHEMA_URL =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';
const JWT_TYPE = 'vc+jwt';
const ISSUER_NAME = 'QuizQuest';

/** The public addresses of the issuer, the achievements and the status lists under APP_URL. */
export function credentialUrls(appUrl: string) {
  const base = `${appUrl}/api/credentials`;
  return {
    issuer: `${base}/issuer`,
    achievement: (level: number) => `${base}/achievements/${level}`,
    statusList: (listId: number) => `${base}/status/${listId}`,
    verifyPage: (code: string) => `${appUrl}/certificates/verify/${code}`,
  };
}

function issuerObject(appUrl: string) {
  return { id: credentialUrls(appUrl).issuer, type: ['Profile'], name: ISSUER_NAME, url: appUrl };
}

/** GET /api/credentials/issuer: the issuer's Profile. */
export function issuerProfile(appUrl: string) {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    ...issuerObject(appUrl),
    description: 'QuizQuest, a quiz and certification app for school children in India.',
  };
}

/** A level's badge: a small SVG as a data URI, so the credential needs no other file. */
function badgeImage(level: Level) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<circle cx="128" cy="128" r="120" fill="#1e3a8a"/><circle cx="128" cy="128" r="100" fill="#fbbf24"/>` +
    `<text x="128" y="112" font-family="sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#1e3a8a">QuizQuest</text>` +
    `<text x="128" y="164" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#1e3a8a">Level ${level.id}</text>` +
    `</svg>`;
  return {
    id: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    type: 'Image',
    caption: `QuizQuest ${level.name} badge`,
  };
}

function achievementName(level: Level): string {
  return `QuizQuest ${level.name}`;
}

function achievementObject(appUrl: string, level: Level) {
  const subLevels = level.subLevels.map(
    (subLevel, index) => `${index + 1}. ${subLevel.name} (${subLevel.id})`,
  );
  return {
    id: credentialUrls(appUrl).achievement(level.id),
    type: ['Achievement'],
    achievementType: 'Certificate',
    name: achievementName(level),
    description: `Completed ${level.name} of QuizQuest (written for ${level.gradeBand}) by earning all ten of its certifications.`,
    criteria: {
      narrative:
        `Earn the ten certifications of ${level.name}, in order, each by passing its quiz at the pass score:\n` +
        subLevels.join('\n'),
    },
    image: badgeImage(level),
    creator: issuerObject(appUrl),
  };
}

/** GET /api/credentials/achievements/{level}: the Achievement, or null for a level that does not exist. */
export function achievement(appUrl: string, levelId: number) {
  const level = findLevel(levelId);
  return level ? { '@context': [VC_CONTEXT, OB_CONTEXT], ...achievementObject(appUrl, level) } : null;
}

/** OB 3.0's IdentityHash of an e-mail address: `sha256$` and the hex of sha-256(address + salt). */
export function identityHash(email: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`;
}

export interface CredentialInput {
  appUrl: string;
  level: number;
  /** The certificate's public code and issue time. */
  code: string;
  issuedAt: Date;
  /** The stable id of this certificate's credential (its status entry's). */
  credentialId: string;
  status: { listId: number; index: number };
  /** The account's e-mail: only its salted hash goes in. */
  email: string;
  /** The learner's name, only when the parent chose to include it. */
  name: string | null;
}

/** The unsigned OpenBadgeCredential of one certificate. */
export function buildCredential(input: CredentialInput) {
  const level = findLevel(input.level);
  if (!level) throw new Error(`no level ${input.level}`);
  const urls = credentialUrls(input.appUrl);
  const salt = randomBytes(16).toString('hex');
  const listUrl = urls.statusList(input.status.listId);
  const identifier = [
    {
      type: 'IdentityObject',
      identityHash: identityHash(input.email, salt),
      identityType: 'emailAddress',
      hashed: true,
      salt,
    },
    ...(input.name
      ? [{ type: 'IdentityObject', identityHash: input.name, identityType: 'name', hashed: false }]
      : []),
  ];
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `urn:uuid:${input.credentialId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${achievementName(level)} certificate`,
    description: `QuizQuest certificate ${input.code}: ${level.name} complete.`,
    issuer: issuerObject(input.appUrl),
    validFrom: input.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier,
      achievement: achievementObject(input.appUrl, level),
    },
    evidence: [
      {
        id: urls.verifyPage(input.code),
        type: ['Evidence'],
        name: `QuizQuest certificate ${input.code}`,
        description: "The certificate's public check, by its code.",
      },
    ],
    credentialStatus: {
      id: `${listUrl}#${input.status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.status.index),
      statusListCredential: listUrl,
    },
    credentialSchema: [{ id: OB_SCHEMA_URL, type: '1EdTechJsonSchemaValidator2019' }],
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signs a credential as a VC-JWT: the header names the key (kid) and the type; the payload is the
 * credential with its JWT claims beside it (iss = issuer.id, jti = id, nbf = validFrom, iat).
 */
export async function signCredential(
  keys: CredentialKeys,
  credential: { id: string; issuer: string | { id: string }; validFrom: string },
  now: Date,
): Promise<string> {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;
  return new SignJWT(credential as unknown as JWTPayload)
    .setProtectedHeader({ alg: 'EdDSA', kid: keys.signing.kid, typ: JWT_TYPE, cty: 'vc' })
    .setIssuer(issuer)
    .setJti(credential.id)
    .setNotBefore(seconds(new Date(credential.validFrom)))
    .setIssuedAt(seconds(now))
    .sign(keys.signing.privateKey);
}

/** A status list of `size` bits, with the given indexes set, GZIP-compressed in multibase base64url. */
export function encodeStatusList(size: number, setIndexes: Iterable<number>): string {
  const bits = Buffer.alloc(size / 8);
  for (const index of setIndexes) {
    // The first index is the left-most bit of the first byte (Bitstring Status List §3.1).
    const byte = bits[index >> 3];
    if (byte !== undefined) bits[index >> 3] = byte | (0x80 >> (index & 7));
  }
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The signed BitstringStatusListCredential of a list: which of its indexes are revoked. */
export async function signStatusList(
  keys: CredentialKeys,
  input: { appUrl: string; listId: number; size: number; revoked: Iterable<number>; now: Date },
): Promise<string> {
  const url = credentialUrls(input.appUrl).statusList(input.listId);
  const credential = {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: credentialUrls(input.appUrl).issuer,
    validFrom: input.now.toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(input.size, input.revoked),
    },
  };
  return signCredential(keys, credential, input.now);
}

/** What a verified QuizQuest credential says, as the verifier reports it. */
export interface CredentialClaims {
  keyId: string;
  credentialId: string;
  level: number;
  achievement: string;
  issuedAt: string;
  /** The certificate code its evidence names. */
  code: string | null;
  name: string | null;
  status: { listId: number; index: number };
}

export type CredentialCheck =
  | { result: 'invalid' }
  | { result: 'expired'; claims: CredentialClaims }
  | { result: 'signed'; claims: CredentialClaims };

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claims of a payload whose signature checked out, or null when it is not a QuizQuest credential. */
function credentialClaims(appUrl: string, keyId: string, payload: JWTPayload): CredentialClaims | null {
  const urls = credentialUrls(appUrl);
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const types = payload.type;
  if (!Array.isArray(types) || !types.includes('OpenBadgeCredential')) return null;
  if (!isRecord(payload.issuer) || payload.issuer.id !== urls.issuer) return null;
  if (typeof payload.id !== 'string' || !/^urn:uuid:[0-9a-f-]{36}$/.test(payload.id)) return null;
  if (typeof payload.validFrom !== 'string' || Number.isNaN(Date.parse(payload.validFrom))) return null;
  const subject = payload.credentialSubject;
  if (!isRecord(subject) || !isRecord(subject.achievement)) return null;
  const achievementId = subject.achievement.id;
  const levelMatch =
    typeof achievementId === 'string'
      ? new RegExp(`^${escaped(urls.achievement(0).slice(0, -1))}(\\d{1,2})$`).exec(achievementId)
      : null;
  const level = findLevel(Number(levelMatch?.[1]));
  if (!level) return null;
  const status = payload.credentialStatus;
  if (!isRecord(status) || status.statusPurpose !== 'revocation') return null;
  const listMatch =
    typeof status.statusListCredential === 'string'
      ? new RegExp(`^${escaped(urls.statusList(0).slice(0, -1))}(\\d{1,9})$`).exec(
          status.statusListCredential,
        )
      : null;
  const index = typeof status.statusListIndex === 'string' ? Number(status.statusListIndex) : NaN;
  if (!listMatch || !Number.isInteger(index) || index < 0) return null;
  const identifiers = Array.isArray(subject.identifier) ? subject.identifier.filter(isRecord) : [];
  const named = identifiers.find((item) => item.identityType === 'name' && item.hashed === false);
  const evidence = Array.isArray(payload.evidence) ? payload.evidence.filter(isRecord) : [];
  const verifyPrefix = urls.verifyPage('');
  const evidenceUrl = evidence
    .map((item) => item.id)
    .find((id): id is string => typeof id === 'string' && id.startsWith(verifyPrefix));
  return {
    keyId,
    credentialId: payload.id.slice('urn:uuid:'.length),
    level: level.id,
    achievement: achievementName(level),
    issuedAt: new Date(payload.validFrom).toISOString(),
    code: evidenceUrl ? evidenceUrl.slice(verifyPrefix.length) : null,
    name: typeof named?.identityHash === 'string' ? named.identityHash : null,
    status: { listId: Number(listMatch[1]), index },
  };
}

/**
 * Checks a VC-JWT: the format, a known kid (current or retired key), the EdDSA signature, the
 * issuer, then the dates (exp or validUntil passed: expired). Never throws on bad input.
 */
export async function checkCredential(
  keys: CredentialKeys,
  appUrl: string,
  token: string,
  now: Date,
): Promise<CredentialCheck> {
  if (!COMPACT_JWS.test(token)) return { result: 'invalid' };
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return { result: 'invalid' };
    kid = header.kid;
  } catch {
    return { result: 'invalid' };
  }
  const key = keys.verification.get(kid);
  if (!key) return { result: 'invalid' };
  const options = { algorithms: ['EdDSA'], issuer: credentialUrls(appUrl).issuer, currentDate: now };
  let payload: JWTPayload;
  let expired = false;
  try {
    ({ payload } = await jwtVerify(token, key, options));
  } catch (error) {
    // jose checks the signature before the claims: an expired token was signed by this key.
    if (!(error instanceof errors.JWTExpired)) return { result: 'invalid' };
    payload = error.payload;
    expired = true;
  }
  const claims = credentialClaims(appUrl, kid, payload);
  if (!claims) return { result: 'invalid' };
  const validUntil = typeof payload.validUntil === 'string' ? Date.parse(payload.validUntil) : NaN;
  if (expired || (!Number.isNaN(validUntil) && validUntil <= now.getTime())) {
    return { result: 'expired', claims };
  }
  return { result: 'signed', claims };
}
