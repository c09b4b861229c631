import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentQuizInput } from '@quizquest/shared';
import { acquireDataDirLock } from '../db/lock.ts';
import { runScript } from '../testing/processes.ts';

const root = mkdtempSync(path.join(tmpdir(), 'qq-content-cli-'));
const dataDir = path.join(root, 'data');
const env = { DATA_DIR: dataDir };
afterAll(() => rmSync(root, { recursive: true, force: true }));

const option = (value: string) => ({ type: 'text' as const, value });
const quiz = (key: string, title: string, correctAnswerIndex = 1): ContentQuizInput => ({
  key,
  title,
  category: 'General Knowledge',
  grades: ['c-3'],
  level: 0,
  showByDefault: false,
  questions: [
    {
      questionText: 'What is the capital of India?',
      options: [option('Mumbai'), option('New Delhi'), option('Kolkata'), option('Chennai')],
      correctAnswerIndex,
    },
  ],
});

function writePack(name: string, quizzes: unknown): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'practice'), { recursive: true });
  writeFileSync(path.join(dir, 'practice', 'gk.json'), JSON.stringify(quizzes));
  return dir;
}

describe('npm run content:load', () => {
  it('refuses while another process holds the embedded database', async () => {
    const lock = acquireDataDirLock(path.resolve(dataDir));
    try {
      const run = runScript('src/cli/content-load.ts', env, [
        '--dir',
        writePack('locked', [quiz('cli-a', 'A')]),
      ]);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        `content:load: The embedded database in ${path.resolve(dataDir)} is in use`,
      );
    } finally {
      lock.release();
    }
  });

  it('reports a bad pack with its file, quiz and question, and exits 1', async () => {
    const run = runScript('src/cli/content-load.ts', env, [
      '--dir',
      writePack('bad', [quiz('cli-bad', 'Bad', 7)]),
    ]);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('content:load: The content pack is invalid:');
    expect(run.output()).toContain(
      'practice/gk.json: quiz cli-bad, question 1, correctAnswerIndex: correctAnswerIndex must be 0 to 3',
    );
  });

  it('loads with a progress bar, then keeps everything on a second run', async () => {
    const dir = writePack('good', [quiz('cli-a', 'Capitals A'), quiz('cli-b', 'Capitals B')]);
    const first = runScript('src/cli/content-load.ts', env, ['--dir', dir]);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('[##########] 2/2 cli-b');
    expect(first.output()).toContain('added 2, changed 0, kept 0');

    const second = runScript('src/cli/content-load.ts', env, ['--dir', dir]);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('added 0, changed 0, kept 2');
  }, 120_000);
});
