import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { user } from '../db/schema/index';
import { createMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// ---- a tiny MIME reader (mailparser does not install): headers, multipart, quoted-printable, base64

function decodeQuotedPrintable(body: string): string {
  const softBreaksGone = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksGone.length; i++) {
    const ch = softBreaksGone[i]!;
    const hex = softBreaksGone.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** The decoded text/plain and text/html parts and the top-level headers of a raw message. */
function readMail(raw: string) {
  const top = parsePart(raw);
  const leaves: Part[] = [];
  const walk = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const chunks = part.body.split(`--${boundary}`).slice(1);
      for (const chunk of chunks) if (!chunk.startsWith('--')) walk(parsePart(chunk.replace(/^\r?\n/, '')));
    } else leaves.push(part);
  };
  walk(top);
  const find = (type: string) => {
    const leaf = leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
    return leaf ? decodeBody(leaf) : undefined;
  };
  const header = (name: string) => decodeWords(top.headers.get(name) ?? '');
  return { header, text: find('text/plain') ?? '', html: find('text/html') };
}

// ---- a real SMTP server on a free port

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

/** Waits for the first message to an address (mail may be sent in the background). */
async function mailTo(address: string, subject = ''): Promise<Received & ReturnType<typeof readMail>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = received.find((m) => m.to.includes(address) && readMail(m.raw).header('subject').includes(subject));
    if (found) return { ...found, ...readMail(found.raw) };
    if (Date.now() > deadline) throw new Error(`no mail to ${address} (got ${received.length} messages)`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`,
    CONTACT_EMAIL: 'team@velvet.example',
    MAIL_FROM: 'Velvet <hello@velvet.example>',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let n = 0;
const fresh = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${n++}@example.com`;

describe('mail through a real SMTP server', () => {
  it('sends the sign-up confirmation to the member, with a link that confirms the account', async () => {
    const email = fresh('smtp');
    const c = client(t);
    const up = await c.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-1',
      isAdult: true,
      acceptTerms: true,
      callbackURL: '/login?confirmed=1',
    });
    expect(up.status).toBe(200);

    const mail = await mailTo(email, 'Confirm your email');
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('hello@velvet.example');
    expect(mail.header('to')).toContain(email);
    expect(mail.header('from')).toBe('Velvet <hello@velvet.example>');
    expect(mail.header('subject')).toBe('Confirm your email for Velvet');
    expect(mail.text).toContain('Confirm this email address to finish creating your account.');

    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Flogin%3Fconfirmed%3D1$/);
    // the HTML part carries the same link (HTML-escaped)
    expect(mail.html?.replaceAll('&amp;', '&')).toContain(`href="${link}"`);

    const url = new URL(link);
    const confirmed = await c.get(url.pathname + url.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/login?confirmed=1');
    expect((await t.database.db.select().from(user).where(eq(user.email, email)))[0]?.emailVerified).toBe(true);
    expect((await c.post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' })).status).toBe(200);
  });

  it('sends the password reset link through SMTP too', async () => {
    const email = fresh('smtp-reset');
    const c = client(t);
    await c.post('/api/auth/sign-up/email', { email, password: 'correct-horse-1', isAdult: true, acceptTerms: true });
    await mailTo(email, 'Confirm your email');
    expect((await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
    const mail = await mailTo(email, 'Reset your Velvet password');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const landing = await c.get(link.pathname + link.search);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toMatch(/\/reset-password\?token=\w+/);
  });

  it('sends the contact form to the site with the sender as Reply-To, unicode intact', async () => {
    const res = await client(t).post('/api/v1/contact', {
      name: 'Zoë Ångström',
      email: 'Zoe@Example.com',
      message: 'Hello from Brighton 😀 — “quoted” café.\nSecond line.',
    });
    expect(res.status).toBe(201);
    const mail = await mailTo('team@velvet.example', 'Zoë Ångström');
    expect(mail.to).toEqual(['team@velvet.example']);
    expect(mail.header('subject')).toBe('[Velvet contact] Zoë Ångström');
    expect(mail.header('reply-to')).toBe('zoe@example.com');
    expect(mail.text).toContain('From: Zoë Ångström <zoe@example.com>');
    expect(mail.text).toContain('Hello from Brighton 😀 — “quoted” café.');
    expect(mail.text).toContain('Second line.');
  });

  it('cannot be made to send to anyone else through header injection', async () => {
    const before = received.length;
    const res = await client(t).post('/api/v1/contact', {
      name: 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes',
      email: 'eve@example.com',
      message: 'hi\r\n.\r\nMAIL FROM:<x@evil.example>\r\nRCPT TO:<victim@evil.example>',
    });
    expect(res.status).toBeLessThan(500);
    if (res.status === 201) {
      const mail = await mailTo('team@velvet.example', 'Eve');
      expect(mail.to).toEqual(['team@velvet.example']);
      const { headers } = parsePart(mail.raw);
      expect(headers.has('bcc')).toBe(false);
      expect(headers.has('x-injected')).toBe(false);
      expect(mail.header('subject')).toBe('[Velvet contact] Eve Bcc: victim@evil.example X-Injected: yes');
    }
    // the form's one message went to the team alone (its envelope above); refused, nothing was sent
    expect(received.slice(before).flatMap((m) => m.to)).not.toContain('victim@evil.example');
  });

  it('keeps no outbox when mail goes out through SMTP', async () => {
    expect(await t.mailer.outbox()).toEqual([]);
    expect((await client(t).get('/dev/outbox/api')).json).toEqual({ messages: [] });
  });
});

describe('the dev outbox mailer', () => {
  it('keeps each message as JSON, newest first', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-outbox-'));
    try {
      const mailer = createMailer({ from: 'Velvet <no-reply@velvet.local>', outboxDir: path.join(dir, 'outbox') });
      expect(await mailer.outbox()).toEqual([]);
      await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
      await new Promise((r) => setTimeout(r, 5));
      await mailer.send({ to: 'b@example.com', subject: 'Second 😀', text: 'two', replyTo: 'c@example.com' });
      const mails = await mailer.outbox();
      expect(mails.map((m) => m.subject)).toEqual(['Second 😀', 'First']);
      expect(mails[0]).toMatchObject({
        to: 'b@example.com',
        from: 'Velvet <no-reply@velvet.local>',
        replyTo: 'c@example.com',
        text: 'two',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never shows a reader half a message while another process is writing one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-outbox-'));
    try {
      const outboxDir = path.join(dir, 'outbox');
      const writer = createMailer({ from: 'Velvet <no-reply@velvet.local>', outboxDir });
      const reader = createMailer({ from: 'Velvet <no-reply@velvet.local>', outboxDir });
      const text = 'x'.repeat(200_000);
      let reading = true;
      const reads = (async () => {
        let count = 0;
        while (reading) {
          for (const mail of await reader.outbox()) expect(mail.text).toBe(text);
          count++;
        }
        return count;
      })();
      for (let i = 0; i < 40; i++) await writer.send({ to: `m${i}@example.com`, subject: `Mail ${i}`, text });
      reading = false;
      expect(await reads).toBeGreaterThan(0);
      expect(await reader.outbox()).toHaveLength(40);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
