import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries, logged in outbox mode so a local user can follow it. */
  link?: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

/**
 * Real SMTP when SMTP_URL is set. Otherwise an outbox: each mail is rendered by nodemailer as a
 * complete .eml file under dataDir/outbox and its link is logged.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async ({ to, subject, text, html }) => {
        await transport.sendMail({ from, to, subject, text, html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    send: async ({ to, subject, text, html, link }) => {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      sequence += 1;
      // No address in the file's name or the log: a parent's e-mail is personal data.
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ outbox: file, link }, `Mail to ${maskedAddress(to)} written to the outbox: ${subject}`);
    },
    close: () => {},
  };
}

/** `p****@example.com`: enough to tell mails apart in a log, not the address. */
function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '****';
  return `${address.slice(0, 1)}****${address.slice(at)}`;
}
