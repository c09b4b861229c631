// npm run create-admin -- --email E --password P
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from '../db/index.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { AdminBootstrapError, upsertAdmin } from '../features/auth/admin-bootstrap.ts';
import { ensureDataDir } from '../startup.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.password) {
    process.stderr.write(
      'Usage: npm run create-admin -- --email admin@example.com --password "a long password"\n',
    );
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) ensureDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const result = await upsertAdmin(database.db, values.email, values.password);
    process.stdout.write(
      result.created
        ? `Admin ${result.email} created.\n`
        : `Admin ${result.email} updated (role admin, new password).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof AdminBootstrapError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError;
    process.stderr.write(`create-admin: ${known ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
