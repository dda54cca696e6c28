import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, ORIGIN, signedInMember, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';

const PASSWORD = 'correct-horse-1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A zip's entries by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function download(c: Client) {
  const res = await t.app.request('/api/v1/account/export', { headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  return { res, zip: Buffer.from(await res.arrayBuffer()) };
}

async function uploadPhoto(c: Client, kind: string) {
  const form = new FormData();
  form.set('kind', kind);
  const png = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
    .png()
    .toBuffer();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { media: { id: string } }).media.id;
}

const send = async (from: Client, to: string, content: string) => {
  const res = await from.post(`/api/v1/messages/conversations/${to}/messages`, { clientId: randomBytes(8).toString('hex'), content });
  expect(res.status, res.text).toBe(201);
};

/** Alice with something in every section, and the members she deals with. */
async function community(tag: string) {
  const alice = await finishedMember(t, `alice_${tag}`, { city: 'Leeds' });
  const bob = await finishedMember(t, `bob_${tag}`, { city: 'Leeds', gender: 'single-male' });
  const carol = await finishedMember(t, `carol_${tag}`, { city: 'York' });
  const dave = await finishedMember(t, `dave_${tag}`, { city: 'York', gender: 'single-male' });
  const erin = await finishedMember(t, `erin_${tag}`, { city: 'York' });
  const photoId = await uploadPhoto(alice.c, 'avatar');
  await uploadPhoto(alice.c, 'gallery');
  await send(alice.c, bob.id, `hello bob from alice ${tag}`);
  await send(bob.c, alice.id, `hello alice from bob ${tag}`);
  await send(carol.c, alice.id, `hello alice from carol ${tag}`);
  await send(bob.c, carol.id, `bob to carol ${tag}`);
  expect((await alice.c.post(`/api/v1/discover/${bob.id}/like`)).status).toBeLessThan(300);
  expect((await alice.c.post(`/api/v1/discover/${dave.id}/pass`)).status).toBeLessThan(300);
  expect((await bob.c.post(`/api/v1/discover/${alice.id}/like`)).status).toBeLessThan(300);
  // views both ways; carol then goes anonymous, bob stays seen
  expect((await alice.c.get(`/api/v1/profiles/${bob.id}`)).status).toBe(200);
  expect((await bob.c.get(`/api/v1/profiles/${alice.id}`)).status).toBe(200);
  expect((await carol.c.get(`/api/v1/profiles/${alice.id}`)).status).toBe(200);
  await t.database.db.execute(sql`update profiles set anonymous_mode = true where user_id = ${carol.id}`);
  await t.database.db.execute(sql`insert into user_blocks (blocker_id, blocked_id, reason) values (${alice.id}, ${dave.id}, 'rude')`);
  // someone else's block of alice is theirs, not hers to be told about
  await t.database.db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${erin.id}, ${alice.id})`);
  await t.database.db.execute(
    sql`insert into saved_searches (id, user_id, name, filters) values (${`s-${tag}`}, ${alice.id}, 'Leeds couples', '{"city":"Leeds"}')`,
  );
  expect(
    (await alice.c.post('/api/v1/contact', { name: 'Alice', email: `alice_${tag}@example.com`, message: `a question ${tag}` })).status,
  ).toBe(201);
  // what trust and safety and the community side keep of her: a verification request (its private
  // photo too), a report she made, friends, winks, the hotlist, a club review and a suggestion
  const verification = new FormData();
  verification.set('type', 'photo');
  verification.set('data', JSON.stringify({ fullName: `Alice ${tag}` }));
  const jpeg = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
    .jpeg()
    .toBuffer();
  verification.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
  const asked = await t.app.request('/api/v1/verifications', {
    method: 'POST',
    body: verification,
    headers: { origin: ORIGIN, cookie: cookieOf(alice.c) },
  });
  expect(asked.status, await asked.clone().text()).toBe(201);
  expect((await alice.c.post('/api/v1/reports', { targetType: 'member', targetId: bob.id, reason: 'spam_or_scam' })).status).toBeLessThan(
    300,
  );
  expect((await alice.c.post(`/api/v1/friends/${bob.id}`)).status).toBeLessThan(300);
  expect((await carol.c.post(`/api/v1/winks/${alice.id}`)).status).toBeLessThan(300);
  expect((await alice.c.post(`/api/v1/winks/${bob.id}`)).status).toBeLessThan(300);
  expect((await alice.c.request('PUT', `/api/v1/hotlist/${bob.id}`)).status).toBeLessThan(300);
  await t.database.db.execute(sql`insert into clubs (name, town, region) values (${`Club ${tag}`}, 'Leeds', 'North East')`);
  const [club] = (await t.database.db.execute<{ id: string }>(sql`select id from clubs where name = ${`Club ${tag}`}`)).rows;
  expect((await alice.c.request('PUT', `/api/v1/clubs/${club!.id}/review`, { rating: 4, text: `a night ${tag}` })).status).toBe(200);
  expect((await alice.c.post('/api/v1/clubs/suggestions', { name: `Suggested ${tag}`, town: 'Leeds', region: 'North East' })).status).toBe(
    201,
  );
  return { alice, bob, carol, dave, erin, photoId };
}

describe('Download my data: GET /api/v1/account/export', () => {
  it('answers 401 to a visitor', async () => {
    const res = await client(t).get('/api/v1/account/export');
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe(messages.errors.unauthenticated);
  });

  it('is a zip of data.json with every section, and the photo files byte for byte, with no secret in it', async () => {
    const { alice, bob, carol, dave, erin } = await community('exp');
    const { res, zip } = await download(alice.c);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Velvet-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(zip);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));

    expect(data.account).toMatchObject({ id: alice.id, email: 'alice_exp@example.com', emailVerified: true });
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ provider: 'credential', hasPassword: true })]);
    expect(data.profile).toMatchObject({ username: 'alice_exp', locationCity: 'Leeds' });

    expect(data.photos).toHaveLength(2);
    for (const photo of data.photos) {
      const [row] = (await t.database.db.execute<{ key: string }>(sql`select storage_key as key from media where id = ${photo.id}`)).rows;
      const stored = await t.app.request(`/api/v1/media/file/${row!.key}`, { headers: { origin: ORIGIN, cookie: cookieOf(alice.c) } });
      expect(entries.get(photo.file)?.equals(Buffer.from(await stored.arrayBuffer())), photo.file).toBe(true);
    }

    const texts = data.messages.map((m: { direction: string; content: string }) => `${m.direction}: ${m.content}`).sort();
    expect(texts).toEqual(['received: hello alice from bob exp', 'received: hello alice from carol exp', 'sent: hello bob from alice exp']);
    expect(JSON.stringify(data)).not.toContain('bob to carol');

    expect(data.likes).toEqual([expect.objectContaining({ memberId: bob.id, username: 'bob_exp' })]);
    expect(data.passes).toEqual([expect.objectContaining({ memberId: dave.id })]);
    expect(data.profileViews.made).toEqual([expect.objectContaining({ memberId: bob.id })]);
    // bob is named; carol, anonymous now, is a date only
    const received = data.profileViews.received as { memberId: string | null; username: string | null; day: string }[];
    expect(received).toHaveLength(2);
    expect(received.filter((v) => v.memberId !== null)).toEqual([expect.objectContaining({ memberId: bob.id, username: 'bob_exp' })]);
    expect(received.filter((v) => v.memberId === null)).toEqual([
      { memberId: null, username: null, day: expect.any(String), viewedAt: null },
    ]);
    expect(JSON.stringify(data.profileViews)).not.toContain(carol.id);
    expect(JSON.stringify(data.profileViews)).not.toContain('carol_exp');

    expect(data.blocks).toEqual([expect.objectContaining({ memberId: dave.id, reason: 'rude' })]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ name: 'Leeds couples', filters: { city: 'Leeds' } })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'a question exp' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toEqual(expect.objectContaining({ createdAt: expect.anything(), userAgent: expect.toSatisfy(() => true) }));

    // no password hash, session token, or other member's block of her
    const everything = entries.get('data.json')!.toString('utf8');
    const secrets = await t.database.db.execute<{ value: string }>(
      sql`select password as value from account where user_id = ${alice.id} and password is not null
          union all select token from session where user_id = ${alice.id}`,
    );
    expect(secrets.rows.length).toBeGreaterThan(1);
    for (const { value } of secrets.rows) expect(everything).not.toContain(value);
    expect(everything).not.toContain(erin.id);
  });

  it('gives each member only their own data', async () => {
    const bob = await signedInMember(t, 'bob.only@example.com');
    const { zip } = await download(bob);
    const data = JSON.parse((await unzip(zip)).get('data.json')!.toString('utf8'));
    expect(data.account.email).toBe('bob.only@example.com');
    expect(data.profile).toBeNull();
    expect(data.messages).toEqual([]);
    expect(data.photos).toEqual([]);
  });
});

/** Every row in any table that names the member: a text column equal to or holding their id, or their email. */
async function rowsNaming(id: string, email: string) {
  const columns = await t.database.db.execute<{ table: string; column: string }>(sql`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  expect(columns.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table, column } of columns.rows) {
    const col = sql.identifier(column);
    const n = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${col}::text like ${`%${id}%`} or lower(${col}::text) like ${`%${email.toLowerCase()}%`}`,
    );
    if (Number(n.rows[0]!.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).map(String);
  } catch {
    return [];
  }
}

describe('Delete my account: POST /api/v1/account/delete', () => {
  it('answers 401 to a visitor', async () => {
    const res = await client(t).post('/api/v1/account/delete', { password: PASSWORD });
    expect(res.status).toBe(401);
  });

  it('refuses a wrong, missing or malformed password and deletes nothing', async () => {
    const { alice, bob } = await community('keep');
    const before = await rowsNaming(alice.id, 'alice_keep@example.com');
    const files = await filesUnder(path.join(t.dataDir, 'uploads', alice.id));
    expect(files.length).toBeGreaterThan(0);

    const wrong = await alice.c.post('/api/v1/account/delete', { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error).toMatchObject({ code: 'WRONG_PASSWORD', message: messages.dataRights.wrongPassword });
    const missing = await alice.c.post('/api/v1/account/delete', {});
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe(messages.account.passwordRequired);
    for (const body of [{ password: 12345678 }, { password: 'x'.repeat(5000) }, '{"password":', '<b>PASSWORD</b>'])
      expect((await alice.c.request('POST', '/api/v1/account/delete', body, { 'content-type': 'application/json' })).status).toBe(400);
    // another member's session with alice's password deletes neither of them
    expect((await bob.c.post('/api/v1/account/delete', { password: 'wrong-for-bob' })).status).toBe(403);

    expect(await rowsNaming(alice.id, 'alice_keep@example.com')).toEqual(before);
    expect(await filesUnder(path.join(t.dataDir, 'uploads', alice.id))).toEqual(files);
    expect((await alice.c.get('/api/v1/me')).status).toBe(200);
    expect((await bob.c.get('/api/v1/me')).status).toBe(200);
  });

  it('leaves no row and no file of the member; their messages go from both sides; the address can join again', async () => {
    const { alice, bob, carol } = await community('gone');
    const email = 'alice_gone@example.com';
    expect((await rowsNaming(alice.id, email)).length).toBeGreaterThan(10);
    // counted sign-in failures under her address go too
    expect((await client(t).post('/api/auth/sign-in/email', { email, password: 'wrong-horse-1' })).status).toBe(401);
    const bobInbox = async () => ((await bob.c.get('/api/v1/messages/conversations')).json.items as { id: string }[]).map((c) => c.id);
    expect(await bobInbox()).toEqual(expect.arrayContaining([alice.id, carol.id]));

    const res = await alice.c.post('/api/v1/account/delete', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true });
    // signed out at once
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect((await alice.c.get('/api/v1/me')).status).toBe(401);

    expect(await rowsNaming(alice.id, email)).toEqual([]);
    const left = (await filesUnder(path.join(t.dataDir, 'uploads'))).filter((f) => f.includes(alice.id));
    expect(left).toEqual([]);
    // bob keeps his conversation with carol; the one with alice is gone
    expect(await bobInbox()).toEqual([carol.id]);
    const thread = await bob.c.get(`/api/v1/messages/conversations/${carol.id}/messages`);
    expect(JSON.stringify(thread.json)).toContain('bob to carol gone');

    // the address may join again
    const again = await signedInMember(t, email);
    const me = (await again.get('/api/v1/me')).json;
    expect(me.user.email).toBe(email);
    expect(me.user.id).not.toBe(alice.id);
    expect(me.hasProfile).toBe(false);
  });

  it('asks a member who signs in only with a provider for a sign-in from the last 10 minutes', async () => {
    const member = await signedInMember(t, 'oidc.only@example.com');
    const id = (await member.get('/api/v1/me')).json.user.id as string;
    // no password: as an account made by "continue with Google" is
    await t.database.db.execute(sql`update account set provider_id = 'google', password = null where user_id = ${id}`);
    await t.database.db.execute(sql`update session set created_at = now() - interval '11 minutes' where user_id = ${id}`);
    const stale = await member.post('/api/v1/account/delete', {});
    expect(stale.status).toBe(403);
    expect(stale.json.error).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED', message: messages.dataRights.freshSignInRequired });
    expect((await member.get('/api/v1/me')).status).toBe(200);

    await t.database.db.execute(sql`update session set created_at = now() - interval '1 minute' where user_id = ${id}`);
    const fresh = await member.post('/api/v1/account/delete', {});
    expect(fresh.status).toBe(200);
    expect(await rowsNaming(id, 'oidc.only@example.com')).toEqual([]);
  });
});
