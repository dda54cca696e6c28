import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { mailerOver, type MailMessage } from '../mail/mailer';

/**
 * The reset answer must not tell whether an address is registered: the mail for a registered one
 * is handed over after the response, so both answer in the same time. Proved without timing: with
 * the mail transport held, the answer for a registered address still arrives, and the mail goes
 * out once the transport is released.
 */
let t: TestApp;
let release!: () => void;
const held: MailMessage[] = [];
let sendEntered!: Promise<void>;
let entered!: () => void;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      mailer: (standard) =>
        mailerOver({
          async send(message) {
            held.push(message);
            entered();
            await new Promise<void>((resolve) => (release = resolve));
            await standard.send(message);
          },
          outbox: () => standard.outbox(),
        }),
    },
  );
});
afterAll(async () => {
  release?.();
  await t.close();
});

describe('request-password-reset', () => {
  it('answers a registered address before its mail is handed to the mail server, and the mail still arrives', async () => {
    const email = `timing.${Date.now().toString(36)}@example.com`;
    const ctx = await t.auth.$context;
    await ctx.internalAdapter.createUser({ email, name: 'Timing', emailVerified: true }, { method: 'email-password' });
    sendEntered = new Promise<void>((resolve) => (entered = resolve));

    const res = await client(t).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    // the answer came while the mail is still held by the transport
    await sendEntered;
    expect(held.map((m) => m.to)).toEqual([email]);

    release();
    const mail = (await t.mailer.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toMatch(/Reset your .* password/);
    expect(mail?.text).toMatch(/\/api\/auth\/reset-password\/\w+/);
  }, 10_000);
});
