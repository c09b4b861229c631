import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import { openDatabase, runMigrations, type Database } from '../db/index.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { ensureDataDir, StartupError } from '../startup.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Errors every command reports by their message alone: the user can act on them. */
const COMMON_ERRORS: ErrorClass[] = [ConfigError, DataDirLockedError, StartupError];

/**
 * Opens the configured database (creating ./data for the embedded one), applies the migrations,
 * runs `work` and closes the database whatever happens: the one start-up of every CLI command.
 */
export async function withMigratedDatabase<T>(
  config: Config,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) ensureDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs a command's `main` and exits with its code. Known errors print as `name: message`; anything
 * else prints its stack, since it is a bug.
 */
export function runCli(name: string, main: () => Promise<number>, knownErrors: ErrorClass[] = []): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = [...COMMON_ERRORS, ...knownErrors].some((type) => error instanceof type);
      const text =
        error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
      process.stderr.write(`${name}: ${text}\n`);
      process.exit(1);
    },
  );
}
