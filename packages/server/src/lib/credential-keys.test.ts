import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  credentialKeyPaths,
  CredentialKeyError,
  generateSigningJwk,
  loadCredentialKeys,
  rotateCredentialKey,
} from './credential-keys.ts';
import { checkCredential, signCredential } from './open-badges.ts';

/** The credentials' keys (decision 037): made on first start, configured, rotated, never quoted. */

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'qq-keys-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const APP_URL = 'http://localhost:3000';

/** A token as a retired key would have signed it: the shape is enough for the signature check. */
async function tokenOf(keys: Awaited<ReturnType<typeof loadCredentialKeys>>) {
  return signCredential(
    keys,
    {
      id: 'urn:uuid:00000000-0000-4000-8000-000000000000',
      issuer: `${APP_URL}/api/credentials/issuer`,
      validFrom: new Date().toISOString(),
    },
    new Date(),
  );
}

describe('loadCredentialKeys', () => {
  it('generates a private key file readable by its owner only on first start, and reads it after', async () => {
    const folder = dataDir();
    const first = await loadCredentialKeys({ dataDir: folder });
    const { signingFile } = credentialKeyPaths(folder);
    expect(statSync(signingFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(signingFile, 'utf8')) as { d?: string; kid?: string };
    expect(stored.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.kid).toBe(first.signing.kid);
    const again = await loadCredentialKeys({ dataDir: folder });
    expect(again.signing.kid).toBe(first.signing.kid);
    expect(JSON.stringify(again.jwks)).not.toContain(stored.d);
    expect(again.jwks.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: first.signing.kid, alg: 'EdDSA', use: 'sig' },
    ]);
  });

  it('prefers CREDENTIAL_SIGNING_KEY, naming it by its thumbprint when it has no kid', async () => {
    const folder = dataDir();
    const jwk = await generateSigningJwk();
    const keys = await loadCredentialKeys({
      dataDir: folder,
      signingKey: JSON.stringify({ ...jwk, kid: undefined }),
    });
    expect(keys.signing.kid).toBe(jwk.kid);
    expect(() => statSync(credentialKeyPaths(folder).signingFile)).toThrow();
  });

  it('refuses a bad key with a message that never quotes it', async () => {
    const jwk = await generateSigningJwk();
    const secret = String(jwk.d);
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ['not JSON', `{"d":"${secret}"`, undefined],
      ['a public key', JSON.stringify({ ...jwk, d: undefined }), undefined],
      ['another curve', JSON.stringify({ ...jwk, crv: 'X25519' }), undefined],
      ['a malformed private part', JSON.stringify({ ...jwk, d: `${secret}!` }), undefined],
      ['a bad kid', JSON.stringify({ ...jwk, kid: 'has space' }), undefined],
      ['retired keys not an array', JSON.stringify(jwk), JSON.stringify({ keys: [jwk] })],
      ['a retired key not JSON', JSON.stringify(jwk), `[${secret}`],
    ];
    for (const [name, signingKey, retiredKeys] of cases) {
      const error = await loadCredentialKeys({ dataDir: dataDir(), signingKey, retiredKeys }).catch(
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(CredentialKeyError);
      expect((error as Error).message, name).not.toContain(secret);
      expect((error as Error).cause, name).toBeUndefined();
    }
  });

  it('refuses a broken key file with a message naming the file', async () => {
    const folder = dataDir();
    await loadCredentialKeys({ dataDir: folder });
    const { signingFile } = credentialKeyPaths(folder);
    writeFileSync(signingFile, '{"kty":"OKP"');
    await expect(loadCredentialKeys({ dataDir: folder })).rejects.toThrow(signingFile);
  });
});

describe('rotateCredentialKey', () => {
  it('retires the key (public part only) and makes a new one; old tokens still verify', async () => {
    const folder = dataDir();
    const before = await loadCredentialKeys({ dataDir: folder });
    const oldToken = await tokenOf(before);
    const { retired, current } = await rotateCredentialKey(folder);
    expect(retired).toBe(before.signing.kid);
    expect(current).not.toBe(retired);
    const retiredFile = readFileSync(
      path.join(credentialKeyPaths(folder).retiredFolder, `${retired}.json`),
      'utf8',
    );
    expect(JSON.parse(retiredFile)).not.toHaveProperty('d');

    const after = await loadCredentialKeys({ dataDir: folder });
    expect(after.signing.kid).toBe(current);
    expect(after.jwks.keys.map((key) => key.kid)).toEqual([current, retired]);
    // An independent verifier with the new JWKS accepts the old key's token and the new key's.
    const jwks = createLocalJWKSet(after.jwks);
    await expect(jwtVerify(oldToken, jwks)).resolves.toBeDefined();
    await expect(jwtVerify(await tokenOf(after), jwks)).resolves.toBeDefined();
    // A key no longer published stops verifying.
    const stranger = await loadCredentialKeys({ dataDir: dataDir() });
    expect(await checkCredential(stranger, APP_URL, oldToken, new Date())).toEqual({ result: 'invalid' });
  });
});
