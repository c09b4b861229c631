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
      const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${sequence}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ outbox: file, link }, `Mail to ${to} written to the outbox: ${subject}`);
    },
    close: () => {},
  };
}
