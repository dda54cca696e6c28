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

/** Where mail goes: an SMTP server, or the dev outbox. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /** Mail kept in the dev outbox (empty when mail goes out through SMTP). */
  outbox(): Promise<StoredMail[]>;
}

export interface Mailer extends MailTransport {
  /**
   * Hands a message over after the caller's response: not awaited by the request, so a request
   * answers in the same time whether or not it sends mail (a reset for a registered address must
   * not take longer than one for an unknown address). A failure is logged, never thrown.
   */
  sendLater(message: MailMessage): void;
  /** Resolves once every message given to sendLater so far has been handed over (or failed). */
  idle(): Promise<void>;
  /** The dev outbox, once the mail handed over meanwhile by this process is in it. */
  outbox(): Promise<StoredMail[]>;
}

type MailErrorLog = (err: unknown, message: MailMessage) => void;

const logToConsole: MailErrorLog = (err, message) =>
  console.error(`mail to ${message.to} ("${message.subject}") failed: ${err instanceof Error ? err.message : String(err)}`);

/**
 * A mailer over a transport. sendLater starts the send at once (no queue: the message is in the
 * transport's hands as soon as it takes it) and keeps the promise only until it settles, so that
 * shutdown and tests can wait for mail in flight.
 */
export function mailerOver(transport: MailTransport, onError: MailErrorLog = logToConsole): Mailer {
  const inFlight = new Set<Promise<void>>();
  const idle = async () => {
    while (inFlight.size) await Promise.all(inFlight);
  };
  return {
    send: (message) => transport.send(message),
    sendLater(message) {
      const sending = transport.send(message).then(
        () => undefined,
        (err: unknown) => onError(err, message),
      );
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    idle,
    async outbox() {
      await idle();
      return transport.outbox();
    },
  };
}

/** Sends through SMTP_URL when set; otherwise keeps each message as a JSON file in the outbox. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; onError?: MailErrorLog }): Mailer {
  return mailerOver(createTransport(opts), opts.onError);
}

function createTransport(opts: { smtpUrl?: string; from: string; outboxDir: string }): MailTransport {
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
