import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server): the nearest folder above this module with a
 * package.json. The same whether this runs from its source (src/lib/package-root.ts) or bundled
 * into dist/server.js, so the files the server reads beside its code (migrations, content pack,
 * the web build) are found from either.
 */
function findPackageRoot(start: string): string {
  let folder = start;
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${start}`);
    folder = parent;
  }
  return folder;
}

export const SERVER_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the server package, e.g. serverPath('drizzle'). */
export function serverPath(...segments: string[]): string {
  return path.join(SERVER_ROOT, ...segments);
}
