// npm run create-admin -- --email E --password P
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { AdminBootstrapError, upsertAdmin } from '../features/auth/admin-bootstrap.ts';
import { runCli, withMigratedDatabase } from './run-cli.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const { email, password } = values;
  if (!email || !password) {
    process.stderr.write(
      'Usage: npm run create-admin -- --email admin@example.com --password "a long password"\n',
    );
    return 2;
  }
  const config = loadConfig();
  return withMigratedDatabase(config, async (database) => {
    const result = await upsertAdmin(database.db, email, password);
    process.stdout.write(
      result.created
        ? `Admin ${result.email} created.\n`
        : `Admin ${result.email} updated (role admin, new password).\n`,
    );
    return 0;
  });
}

runCli('create-admin', main, [AdminBootstrapError]);
