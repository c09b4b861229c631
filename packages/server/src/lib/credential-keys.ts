import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';

/**
 * The keys that sign the Open Badges credentials (decision 037): one Ed25519 signing key and the
 * retired ones whose credentials still verify. The signing key comes from CREDENTIAL_SIGNING_KEY
 * (a private JWK, for several instances) or from the data folder, generated there on first start
 * (mode 0600). Retired keys come from CREDENTIAL_RETIRED_KEYS (a JSON array of JWKs) and from
 * the data folder's `credential-keys/retired/`. Only public parts ever leave this module, and no
 * message quotes a key.
 */

export interface PublicCredentialJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface CredentialKeys {
  /** The key new credentials are signed with. */
  signing: { kid: string; privateKey: CryptoKey };
  /** Every key a credential may name (the signing key first), by kid. */
  verification: ReadonlyMap<string, CryptoKey>;
  /** GET /.well-known/jwks.json: the public keys, the signing key first. */
  jwks: { keys: PublicCredentialJwk[] };
}

/** A key that cannot be read: the message names the variable or file, never the key. */
export class CredentialKeyError extends Error {}

const KEY_FOLDER = 'credential-keys';
const SIGNING_FILE = 'signing-key.json';
const RETIRED_FOLDER = 'retired';
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;
const KID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function credentialKeyPaths(dataDir: string) {
  const folder = path.resolve(dataDir, KEY_FOLDER);
  return {
    folder,
    signingFile: path.join(folder, SIGNING_FILE),
    retiredFolder: path.join(folder, RETIRED_FOLDER),
  };
}

interface ParsedJwk {
  x: string;
  d: string | undefined;
  kid: string;
}

/** An Ed25519 JWK as given: `kid` defaults to its RFC 7638 thumbprint. */
async function parseJwk(value: unknown, where: string, needPrivate: boolean): Promise<ParsedJwk> {
  const jwk = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { kty, crv, x, d, kid } = jwk;
  if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string' || !BASE64URL_32_BYTES.test(x)) {
    throw new CredentialKeyError(`${where} is not an Ed25519 JWK (kty "OKP", crv "Ed25519", x).`);
  }
  if (d !== undefined && (typeof d !== 'string' || !BASE64URL_32_BYTES.test(d))) {
    throw new CredentialKeyError(`${where} has a malformed private part "d".`);
  }
  if (needPrivate && d === undefined) {
    throw new CredentialKeyError(`${where} must be a private key (with "d").`);
  }
  if (kid !== undefined && (typeof kid !== 'string' || !KID_PATTERN.test(kid))) {
    throw new CredentialKeyError(`${where} has a "kid" that is not 1 to 128 letters, digits or ._:-`);
  }
  return {
    x,
    d: typeof d === 'string' ? d : undefined,
    kid: typeof kid === 'string' ? kid : await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x }),
  };
}

/** JSON text that may hold a key: a parse error would quote it, so it is replaced. */
function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CredentialKeyError(`${where} is not valid JSON.`);
  }
}

function publicJwk(key: ParsedJwk): PublicCredentialJwk {
  return { kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' };
}

async function importKey(jwk: JWK, where: string): Promise<CryptoKey> {
  try {
    const key = await importJWK(jwk, 'EdDSA');
    if (key instanceof Uint8Array) throw new Error('not an asymmetric key');
    return key;
  } catch {
    throw new CredentialKeyError(`${where} cannot be imported as an Ed25519 key.`);
  }
}

/** A new private Ed25519 JWK, with its thumbprint as kid. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x ?? '' });
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid, alg: 'EdDSA', use: 'sig' };
}

/** Writes a private key file readable by its owner only, atomically (a temp file renamed). */
function writeKeyFile(file: string, jwk: JWK): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(jwk)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

async function readSigningFile(dataDir: string): Promise<ParsedJwk> {
  const { signingFile } = credentialKeyPaths(dataDir);
  const where = `The credential signing key file ${signingFile}`;
  if (!existsSync(signingFile)) writeKeyFile(signingFile, await generateSigningJwk());
  return parseJwk(parseJson(readFileSync(signingFile, 'utf8'), where), where, true);
}

async function readRetiredFolder(dataDir: string): Promise<ParsedJwk[]> {
  const { retiredFolder } = credentialKeyPaths(dataDir);
  if (!existsSync(retiredFolder)) return [];
  const keys: ParsedJwk[] = [];
  for (const name of readdirSync(retiredFolder).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(retiredFolder, name);
    const where = `The retired credential key file ${file}`;
    keys.push(await parseJwk(parseJson(readFileSync(file, 'utf8'), where), where, false));
  }
  return keys;
}

async function parseRetiredVariable(text: string): Promise<ParsedJwk[]> {
  const where = 'CREDENTIAL_RETIRED_KEYS';
  const list = parseJson(text, where);
  if (!Array.isArray(list)) throw new CredentialKeyError(`${where} must be a JSON array of JWKs.`);
  return Promise.all(list.map((item, index) => parseJwk(item, `${where}[${index}]`, false)));
}

/**
 * The keys, as configured: the signing key from `signingKey` (CREDENTIAL_SIGNING_KEY) or the data
 * folder (generated when missing), the retired ones from both places. Throws CredentialKeyError.
 */
export async function loadCredentialKeys(options: {
  dataDir: string;
  signingKey?: string | undefined;
  retiredKeys?: string | undefined;
}): Promise<CredentialKeys> {
  const signing = options.signingKey
    ? await parseJwk(parseJson(options.signingKey, 'CREDENTIAL_SIGNING_KEY'), 'CREDENTIAL_SIGNING_KEY', true)
    : await readSigningFile(options.dataDir);
  const retired = [
    ...(options.retiredKeys ? await parseRetiredVariable(options.retiredKeys) : []),
    ...(await readRetiredFolder(options.dataDir)),
  ];
  const privateKey = await importKey(
    { kty: 'OKP', crv: 'Ed25519', x: signing.x, d: signing.d },
    'The credential signing key',
  );
  const verification = new Map<string, CryptoKey>();
  const keys: PublicCredentialJwk[] = [];
  for (const key of [signing, ...retired]) {
    if (verification.has(key.kid)) continue;
    verification.set(
      key.kid,
      await importKey({ kty: 'OKP', crv: 'Ed25519', x: key.x }, `The credential key "${key.kid}"`),
    );
    keys.push(publicJwk(key));
  }
  return { signing: { kid: signing.kid, privateKey }, verification, jwks: { keys } };
}

/**
 * Rotates the data folder's signing key: its public part goes to `retired/<kid>.json` (its
 * credentials keep verifying), and a new key takes its place. Takes effect at the next start.
 * Answers both kids.
 */
export async function rotateCredentialKey(dataDir: string): Promise<{ retired: string; current: string }> {
  const old = await readSigningFile(dataDir);
  const { signingFile, retiredFolder } = credentialKeyPaths(dataDir);
  mkdirSync(retiredFolder, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(retiredFolder, `${old.kid}.json`), `${JSON.stringify(publicJwk(old))}\n`, {
    mode: 0o644,
  });
  const next = await generateSigningJwk();
  writeKeyFile(signingFile, next);
  return { retired: old.kid, current: String(next.kid) };
}
