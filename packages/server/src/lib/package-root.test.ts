import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../app.ts';
import { MIGRATIONS_FOLDER } from '../db/index.ts';
import { SERVER_ROOT, serverPath } from './package-root.ts';

describe('the server package folder (found the same from src/ and from dist/server.js)', () => {
  it('is packages/server', () => {
    expect(SERVER_ROOT).toBe(fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, ''));
    expect(JSON.parse(readFileSync(serverPath('package.json'), 'utf8')).name).toBe('@quizquest/server');
  });

  it('holds the files the server reads beside its code', () => {
    expect(existsSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(serverPath('content', 'certification'))).toBe(true);
    expect(WEB_DIST).toBe(path.resolve(SERVER_ROOT, '..', 'web', 'dist'));
  });
});
