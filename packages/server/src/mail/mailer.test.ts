import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the outbox mailer', () => {
  it('writes the whole mail, but keeps the address out of the file name and the log', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'qq-outbox-'));
    dirs.push(outboxDir);
    const lines: string[] = [];
    const logger = {
      info: (fields: object, message: string) => lines.push(`${JSON.stringify(fields)} ${message}`),
    };
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'QuizQuest <noreply@quizquest.local>',
      outboxDir,
      logger: logger as unknown as FastifyBaseLogger,
    });
    await mailer.send({
      to: 'meera.parent@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      link: 'http://localhost:3000/verify-email?token=abc',
    });
    const [file] = readdirSync(outboxDir);
    expect(file).toBeDefined();
    expect(file).not.toContain('meera');
    expect(readFileSync(path.join(outboxDir, file ?? ''), 'utf8')).toMatch(
      /^To: meera\.parent@example\.com$/m,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('meera');
    expect(lines[0]).toContain('m****@example.com');
  });
});
