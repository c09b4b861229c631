import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './testing/processes.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'qq-startup-'));
// 4200–4999 holds none of the ports fetch refuses as unsafe (4190 'sieve' made a run fail).
const port = String(4200 + Math.floor(Math.random() * 800));
const env = { DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', DEMO_ADMIN_PASSWORD: 'Demo-Admin-Start-77' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server start-up', () => {
  it('refuses a bad configuration value with a clear message', async () => {
    const run = runScript('src/server.ts', { ...env, PORT: 'not-a-port', JWT_SECRET: 'short' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('QuizQuest cannot start: Invalid configuration');
    expect(run.output()).toMatch(/PORT: /);
    expect(run.output()).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(run.output()).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('guards the embedded database: a second process refuses, a stale lock after SIGKILL does not block', async () => {
    const first = runScript('src/server.ts', env);
    await first.waitFor(`QuizQuest is running on http://localhost:${port}`);
    expect(first.output()).toContain('Demo admin: admin@quizquest.local / Demo-Admin-Start-77');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(first.output()).not.toContain(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));

    const second = runScript('src/server.ts', { ...env, PORT: String(Number(port) + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another QuizQuest process');

    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, 'quizquest.lock'))).toBe(true); // left behind by the killed process

    const third = runScript('src/server.ts', env);
    await third.waitFor(`QuizQuest is running on http://localhost:${port}`);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@quizquest.local', password: 'Demo-Admin-Start-77' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'quizquest.lock'))).toBe(false);
  }, 120_000);

  it('create-admin is idempotent and refuses a weak password', async () => {
    const args = ['--email', 'Head@School.example', '--password', 'Strong-Admin-Pass-2026'];
    const created = runScript('src/cli/create-admin.ts', env, args);
    expect(await created.exited).toBe(0);
    expect(created.output()).toContain('Admin head@school.example created.');
    const again = runScript('src/cli/create-admin.ts', env, args);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('Admin head@school.example updated');
    const weak = runScript('src/cli/create-admin.ts', env, [
      '--email',
      'x@school.example',
      '--password',
      'password1',
    ]);
    expect(await weak.exited).toBe(1);
    expect(weak.output()).toContain('This password is too common');
  }, 120_000);

  it('says clearly when the data folder cannot be written', async () => {
    const run = runScript('src/server.ts', { ...env, DATA_DIR: '/sys/quizquest-data' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('QuizQuest cannot start: Cannot write to the data folder');
  });
});
