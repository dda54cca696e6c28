import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { contactMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, signedInMember } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
const mailsToSite = async () => (await t.mailer.outbox()).filter((m) => m.to === t.config.contactEmail);

const valid = { name: 'Sam Taylor', email: 'Sam.Taylor@Example.test', message: 'Hello, I have a question about verification.' };

describe('POST /api/v1/contact', () => {
  let before: { rows: number; mails: number };
  beforeEach(async () => {
    before = { rows: await rows(), mails: (await mailsToSite()).length };
  });

  /** Nothing was stored and nothing was mailed since the test began. */
  async function expectNothingChanged() {
    expect(await rows()).toBe(before.rows);
    expect((await mailsToSite()).length).toBe(before.mails);
  }

  it('stores a valid message and mails it to the site with the sender as reply-to', async () => {
    const res = await client(t).post('/api/v1/contact', valid);
    expect(res.status).toBe(201);
    expect(res.json.id).toEqual(expect.any(String));

    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json.id));
    expect(row).toMatchObject({ name: 'Sam Taylor', email: 'sam.taylor@example.test', message: valid.message, userId: null });
    expect(await rows()).toBe(before.rows + 1);

    const mail = (await mailsToSite()).find((m) => m.text.includes(valid.message));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(t.config.contactEmail);
    expect(mail!.replyTo).toBe('sam.taylor@example.test');
    expect(mail!.subject).toContain('Sam Taylor');
    expect(mail!.text).toContain('Member: not signed in');
  });

  it('links the message to the member when signed in', async () => {
    const c = await signedInMember(t, 'contact.member@example.test');
    const res = await c.post('/api/v1/contact', { ...valid, email: 'contact.member@example.test' });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json.id));
    expect(row!.userId).toEqual(expect.any(String));
    const mail = (await mailsToSite()).find((m) => m.replyTo === 'contact.member@example.test');
    expect(mail!.text).toContain(`Member: ${row!.userId}`);
  });

  it('refuses a missing name in the shared words', async () => {
    const res = await client(t).post('/api/v1/contact', { email: valid.email, message: valid.message });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
    expect(res.json.error.message).toBe('Please tell us your name.');
    expect(res.json.error.details.name).toBe(messages.contact.nameRequired);
    await expectNothingChanged();
  });

  it('names every missing field in the shared words', async () => {
    const res = await client(t).post('/api/v1/contact', {});
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual({
      name: 'Please tell us your name.',
      email: 'Please enter a valid email address.',
      message: messages.contact.messageRequired,
    });
    await expectNothingChanged();
  });

  it('refuses a name of only spaces', async () => {
    const res = await client(t).post('/api/v1/contact', { ...valid, name: '   ' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Please tell us your name.');
    await expectNothingChanged();
  });

  it('refuses a bad email address', async () => {
    const res = await client(t).post('/api/v1/contact', { ...valid, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Please enter a valid email address.');
    expect(res.json.error.details.email).toBe('Please enter a valid email address.');
    await expectNothingChanged();
  });

  it('refuses an empty message', async () => {
    const res = await client(t).post('/api/v1/contact', { ...valid, message: '' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(messages.contact.messageRequired);
    await expectNothingChanged();
  });

  it('accepts a 5000-character message and refuses 5001 characters', async () => {
    const tooLong = await client(t).post('/api/v1/contact', { ...valid, message: 'a'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toBe('Message must be less than 5000 characters');
    expect(tooLong.json.error.details.message).toBe('Message must be less than 5000 characters');
    await expectNothingChanged();

    const atLimit = await client(t).post('/api/v1/contact', { ...valid, message: 'a'.repeat(5000) });
    expect(atLimit.status).toBe(201);
  });

  it('refuses wrong types with a 400, not a 500', async () => {
    const res = await client(t).post('/api/v1/contact', { name: 42, email: ['x'], message: { text: 'hi' } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
    await expectNothingChanged();
  });

  it('refuses malformed JSON', async () => {
    const res = await client(t).post('/api/v1/contact', '{"name": "Sam", ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('MALFORMED_JSON');
    await expectNothingChanged();
  });

  it('refuses a body that is not JSON with a 415', async () => {
    const res = await client(t).post('/api/v1/contact', 'name=Sam&email=sam@example.test&message=hi', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.json.error.message).toBe(messages.errors.unsupportedMediaType);
    await expectNothingChanged();
  });

  it('stores HTML, script and SQL injection strings verbatim as text and changes nothing else', async () => {
    const name = `Robert'); DROP TABLE contact_messages;--`;
    const message = `<script>alert("x")</script><img src=x onerror=alert(1)> ' OR '1'='1'; DELETE FROM "user"; --`;
    const res = await client(t).post('/api/v1/contact', { ...valid, name, message });
    expect(res.status).toBe(201);

    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json.id));
    expect(row!.name).toBe(name);
    expect(row!.message).toBe(message);
    expect(await rows()).toBe(before.rows + 1);
    const mail = (await mailsToSite()).find((m) => m.text.includes(message));
    expect(mail).toBeDefined();
    expect(mail!.html).toBeUndefined();
  });
});
