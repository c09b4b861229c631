// npm run credentials:rotate-key — then restart the server (decision 037).
import { loadConfig } from '../config.ts';
import { CredentialKeyError, rotateCredentialKey } from '../lib/credential-keys.ts';
import { runCli } from './run-cli.ts';

/**
 * Rotates the data folder's credential signing key: the old key's public part is kept under
 * DATA_DIR/credential-keys/retired/ (credentials it signed keep verifying), a new key signs from
 * the next start. With CREDENTIAL_SIGNING_KEY set, the key is rotated in the configuration instead.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.credentialSigningKey) {
    process.stderr.write(
      'CREDENTIAL_SIGNING_KEY is set: rotate it there (add the old public key to CREDENTIAL_RETIRED_KEYS).\n',
    );
    return 2;
  }
  const { retired, current } = await rotateCredentialKey(config.dataDir);
  process.stdout.write(
    `Credential key ${retired} retired (its credentials still verify); ${current} signs from the next start. Restart the server.\n`,
  );
  return 0;
}

runCli('credentials:rotate-key', main, [CredentialKeyError]);
