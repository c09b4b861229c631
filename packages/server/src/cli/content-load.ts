// npm run content:load [-- --dir path/to/pack]
// Loads the content pack again, idempotently by quiz key: new quizzes are added, changed ones
// updated, the rest kept. Stop the server first when it uses the embedded database.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import {
  applyContentPack,
  CONTENT_DIR,
  ContentPackError,
  readContentPack,
  type LoadProgress,
} from '../features/content/loader.ts';
import { runCli, withMigratedDatabase } from './run-cli.ts';

const BAR_WIDTH = 10;

/** `[#####-----] 68/136 cert-L7-C3`: redrawn in place on a terminal, a line per tenth otherwise. */
function progressBar(stream: NodeJS.WriteStream): (progress: LoadProgress) => void {
  let lastFilled = -1;
  return ({ done, total, key }) => {
    const filled = Math.floor((done / total) * BAR_WIDTH);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${key}`;
    if (stream.isTTY) {
      stream.write(`\r${line}\x1b[K${done === total ? '\n' : ''}`);
    } else if (filled !== lastFilled || done === total) {
      stream.write(`${line}\n`);
    }
    lastFilled = filled;
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } }, strict: true });
  const contentDir = values.dir ? path.resolve(values.dir) : CONTENT_DIR;
  const config = loadConfig();
  // Validated before the database is opened: a bad pack is reported at once and writes nothing.
  const pack = await readContentPack(contentDir);
  return withMigratedDatabase(config, async (database) => {
    const result = await applyContentPack(database.db, pack, { onProgress: progressBar(process.stderr) });
    process.stdout.write(`added ${result.added}, changed ${result.changed}, kept ${result.kept}\n`);
    return 0;
  });
}

runCli('content:load', main, [ContentPackError]);
