import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Mail kept in the dev outbox (empty when mail goes out through SMTP). */
  outbox(): Promise<StoredMail[]>;
}

/** Sends through SMTP_URL when set; otherwise keeps each message as a JSON file in the outbox. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // a local relay in development and tests offers no TLS; production URLs use smtps:// or STARTTLS
      ignoreTLS: url.searchParams.get('tls') === 'off',
    });
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      outbox: async () => [],
    };
  }
  return {
    async send(m) {
      await mkdir(opts.outboxDir, { recursive: true });
      const mail: StoredMail = { id: randomUUID(), from: opts.from, sentAt: new Date().toISOString(), ...m };
      const name = `${mail.sentAt.replace(/[:.]/g, '-')}-${mail.id}.json`;
      // written aside, then renamed: another process reading the outbox never sees half a file
      const file = path.join(opts.outboxDir, name);
      await writeFile(`${file}.partial`, JSON.stringify(mail, null, 2));
      await rename(`${file}.partial`, file);
    },
    async outbox() {
      let names: string[];
      try {
        names = await readdir(opts.outboxDir);
      } catch {
        return [];
      }
      const files = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200);
      return Promise.all(files.map(async (n) => JSON.parse(await readFile(path.join(opts.outboxDir, n), 'utf8')) as StoredMail));
    },
  };
}
