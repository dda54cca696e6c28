import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { CLOSE_CODES } from '@velvet/core/realtime/protocol';
import { messages as text } from '@velvet/core/messages';
import { REPORT_DETAILS_MAX } from '@velvet/core/schemas/moderation.schema';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { media, moderationAudit, reports, session, user } from '../../db/schema/index';
import { client, mailFromOutbox, ORIGIN, signedInMember, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cookieOf, openSocket, startTestServer, type TestSocket } from '../../../test/realtime-server';
import type { TestApp } from '../../../test/test-app';
import { accountExists, makeAdmins } from '../../db/admins';
import { createLocalStorage } from '../../storage/local-storage';

let server: Awaited<ReturnType<typeof startTestServer>>;
let t: TestApp;
let boss: Client; // admin through ADMIN_EMAILS
let mod: Client;
let modId: string;
let ann: Client;
let annId: string;
let ben: Client;
let benId: string;
let cat: Client;
let catId: string;
const sockets: TestSocket[] = [];

const reasonBody = { reason: 'Broke rule 3.' };

async function reportCount() {
  const [row] = await t.database.db.select({ n: count() }).from(reports);
  return row!.n;
}
async function auditCount() {
  const [row] = await t.database.db.select({ n: count() }).from(moderationAudit);
  return row!.n;
}

async function png(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(c: Client, bytes: Buffer, kind = 'gallery'): Promise<MediaDto> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { media: MediaDto }).media;
}

const report = (c: Client, body: unknown) => c.post('/api/v1/reports', body);

/** A member whose account is `days` old, verified or not: what REPORTER_TRUST weighs. */
async function reporter(name: string, opts: { verified: boolean; days: number }) {
  const made = await finishedMember(t, name, { city: 'Manchester' });
  await t.database.db
    .update(user)
    .set({ verified: opts.verified, createdAt: new Date(Date.now() - opts.days * 24 * 60 * 60_000) })
    .where(eq(user.id, made.id));
  return made;
}
const trustedReporter = (name: string) => reporter(name, { verified: true, days: 30 });
const queue = async () => (await mod.get('/api/v1/admin/reports')).json.items as any[];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ' Boss@Example.com ,other@example.com' });
  t = server.t;
  boss = await signedInMember(t, 'boss@example.com');
  const [m, a, b, c] = await Promise.all([
    finishedMember(t, 'mod_mia', { city: 'Manchester' }),
    finishedMember(t, 'ann_ash', { city: 'Manchester' }),
    finishedMember(t, 'ben_birch', { city: 'Manchester' }),
    finishedMember(t, 'cat_cedar', { city: 'Manchester' }),
  ]);
  [mod, modId, ann, annId, ben, benId, cat, catId] = [m.c, m.id, a.c, a.id, b.c, b.id, c.c, c.id];
  const made = await boss.request('PUT', '/api/v1/admin/roles', {
    email: 'mod_mia@example.com',
    role: 'moderator',
    reason: 'New team member',
  });
  expect(made.status, made.text).toBe(200);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t.close();
});

describe('roles', () => {
  it('makes an ADMIN_EMAILS address an admin at sign-up, and a role change applies to the open session', async () => {
    expect((await boss.get('/api/v1/me')).json.user.role).toBe('admin');
    expect((await ann.get('/api/v1/me')).json.user.role).toBe('user');
    expect((await mod.get('/api/v1/me')).json.user.role).toBe('moderator');
  });

  it('lets only an admin name moderators, refuses unknown addresses and admins, and logs each change', async () => {
    const before = await auditCount();
    expect((await mod.request('PUT', '/api/v1/admin/roles', { email: 'ann_ash@example.com', role: 'moderator', reason: 'x' })).status).toBe(
      403,
    );
    expect((await ann.request('PUT', '/api/v1/admin/roles', { email: 'ann_ash@example.com', role: 'moderator', reason: 'x' })).status).toBe(
      403,
    );
    const unknown = await boss.request('PUT', '/api/v1/admin/roles', { email: 'nobody@example.com', role: 'moderator', reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(text.moderation.noSuchAccount);
    expect((await boss.request('PUT', '/api/v1/admin/roles', { email: 'boss@example.com', role: 'user', reason: 'x' })).status).toBe(403);
    expect((await boss.request('PUT', '/api/v1/admin/roles', { email: 'ann_ash@example.com', role: 'admin', reason: 'x' })).status).toBe(
      400,
    );
    expect((await boss.request('PUT', '/api/v1/admin/roles', { email: 'ann_ash@example.com', role: 'moderator' })).status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect((await ann.get('/api/v1/me')).json.user.role).toBe('user');
    const staff = (await boss.get('/api/v1/admin/moderators')).json.items.map((s: { email: string }) => s.email);
    expect(staff).toEqual(expect.arrayContaining(['boss@example.com', 'mod_mia@example.com']));
    expect(staff).not.toContain('ann_ash@example.com');
  });

  it('makes an existing account an admin as the server starts or `npm run make-admin` does (db/admins.ts), at once', async () => {
    const dee = await signedInMember(t, 'dee@example.com');
    expect((await dee.get('/api/v1/admin/audit')).status).toBe(403);
    expect(await accountExists(t.database.db, ' DEE@example.com')).toBe(true);
    expect(await accountExists(t.database.db, 'nobody@example.com')).toBe(false);
    const changed = await makeAdmins(t.database.db, ['Dee@Example.com', 'nobody@example.com']);
    expect(changed).toHaveLength(1);
    expect(await makeAdmins(t.database.db, ['dee@example.com'])).toEqual([]); // already one
    // the change reaches the open session through the database's NOTIFY, which PostgreSQL delivers
    // to the listening connection a moment after the commit: wait for it, do not race it
    await expect.poll(async () => (await dee.get('/api/v1/me')).json.user.role, { timeout: 5_000 }).toBe('admin');
    expect((await dee.get('/api/v1/admin/audit')).status).toBe(200);
  });

  it("keeps better-auth's own admin endpoints shut (they would skip the audit log)", async () => {
    const res = await boss.post('/api/auth/admin/ban-user', { userId: annId });
    expect(res.status).toBe(404);
    const [row] = await t.database.db.select({ banned: user.banned }).from(user).where(eq(user.id, annId));
    expect(row!.banned).toBe(false);
  });
});

describe('who may call what', () => {
  const adminCalls = (): [string, string, unknown?][] => [
    ['GET', '/api/v1/admin/reports'],
    ['GET', '/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/photo'],
    ['POST', '/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/dismiss', reasonBody],
    ['POST', '/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/remove', reasonBody],
    ['POST', `/api/v1/admin/members/${annId}/warn`, reasonBody],
    ['POST', `/api/v1/admin/members/${annId}/suspend`, reasonBody],
    ['POST', `/api/v1/admin/members/${annId}/unsuspend`, reasonBody],
    ['GET', '/api/v1/admin/suspended'],
    ['GET', '/api/v1/admin/moderators'],
    ['PUT', '/api/v1/admin/roles', { email: 'ann_ash@example.com', role: 'moderator', reason: 'x' }],
    ['GET', '/api/v1/admin/audit'],
  ];

  it('answers 401 to a visitor on reports and every admin route', async () => {
    const visitor = client(t);
    expect((await report(visitor, { targetType: 'member', targetId: annId, reason: 'spam_or_scam' })).status).toBe(401);
    for (const [method, url, body] of adminCalls()) expect((await visitor.request(method, url, body)).status, url).toBe(401);
  });

  it('answers 403 to a member on every admin route, bad input or not, and changes nothing', async () => {
    const before = { reports: await reportCount(), audit: await auditCount() };
    for (const [method, url, body] of adminCalls()) {
      const res = await ben.request(method, url, body);
      expect(res.status, url).toBe(403);
      expect(res.json.error.message).toBe(text.errors.forbidden);
    }
    expect((await ben.request('POST', '/api/v1/admin/members/x/suspend', { wrong: 1 })).status).toBe(403);
    expect({ reports: await reportCount(), audit: await auditCount() }).toEqual(before);
    const [row] = await t.database.db.select({ banned: user.banned, role: user.role }).from(user).where(eq(user.id, annId));
    expect(row).toEqual({ banned: false, role: 'user' });
  });

  it('answers 403 to a moderator on the admin-only routes (audit log, moderators, roles)', async () => {
    for (const url of ['/api/v1/admin/audit', '/api/v1/admin/moderators']) expect((await mod.get(url)).status, url).toBe(403);
    expect((await mod.get('/api/v1/admin/reports')).status).toBe(200);
  });
});

describe('reporting', () => {
  it('stores a report about a member once per open report, and refuses oneself, strangers and bad input', async () => {
    const first = await report(ben, {
      targetType: 'member',
      targetId: annId,
      reason: 'fake_profile',
      details: '  <b>Stolen</b> pictures  ',
    });
    expect(first.status).toBe(201);
    const again = await report(ben, { targetType: 'member', targetId: annId, reason: 'harassment' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id: first.json.id, created: false });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, first.json.id));
    expect(row).toMatchObject({
      reporterId: benId,
      reportedUserId: annId,
      reason: 'fake_profile',
      details: '<b>Stolen</b> pictures',
      status: 'open',
    });

    const before = await reportCount();
    const self = await report(ben, { targetType: 'member', targetId: benId, reason: 'other' });
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe(text.moderation.self);
    expect((await report(ben, { targetType: 'member', targetId: 'no-such-member', reason: 'other' })).status).toBe(404);
    const bad: unknown[] = [
      { targetType: 'member', targetId: annId, reason: 'rude' },
      { targetType: 'member', targetId: annId },
      { targetType: 'member', targetId: annId, reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) },
      { targetType: 'member', targetId: annId, reason: 'other', details: 42 },
      { targetType: 'member', targetId: annId, reason: 'other', details: 'a\u0000b' },
      { targetType: 'message', targetId: "1' or '1'='1", reason: 'other' },
      { targetType: 'photo', targetId: annId, reason: 'other' },
      { targetType: 'post', targetId: annId, reason: 'other' },
      { targetType: 'member', targetId: annId, reason: 'other', extra: true },
      [],
    ];
    for (const body of bad) {
      const res = await report(ben, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
    const tooLong = await report(ben, {
      targetType: 'member',
      targetId: annId,
      reason: 'other',
      details: 'x'.repeat(REPORT_DETAILS_MAX + 1),
    });
    expect(tooLong.json.error.message).toContain(text.moderation.detailsTooLong(REPORT_DETAILS_MAX));
    expect(await reportCount()).toBe(before);
  });

  it("keeps a message's text after its sender deletes it; only its receiver may report it", async () => {
    const sent = await ann.post(`/api/v1/messages/conversations/${benId}/messages`, { content: 'Send me money now' });
    expect(sent.status).toBe(201);
    const messageId = sent.json.message.id as string;
    expect((await report(cat, { targetType: 'message', targetId: messageId, reason: 'spam_or_scam' })).status).toBe(404);
    expect((await report(ann, { targetType: 'message', targetId: messageId, reason: 'spam_or_scam' })).status).toBe(404);
    const res = await report(ben, { targetType: 'message', targetId: messageId, reason: 'spam_or_scam' });
    expect(res.status).toBe(201);
    expect((await ann.delete(`/api/v1/messages/${messageId}`)).status).toBe(200);
    const item = (await queue()).find((r) => r.id === res.json.id);
    expect(item).toMatchObject({
      targetType: 'message',
      keptText: 'Send me money now',
      originalExists: false,
      reason: 'spam_or_scam',
      reporter: { id: benId },
      reported: { id: annId, username: 'ann_ash' },
    });
  });

  it('hides a photo reported as underage from everyone but its owner and moderators, and keeps a copy after deletion', async () => {
    const photo = await upload(ann, await png({ r: 200, g: 10, b: 10 }));
    expect((await cat.get(photo.url)).status).toBe(200);
    const { c: trusted } = await trustedReporter('rep_one');
    const res = await report(trusted, { targetType: 'photo', targetId: photo.id, reason: 'underage', details: 'Looks 15' });
    expect(res.status).toBe(201);

    expect((await cat.get(photo.url)).status).toBe(404);
    expect((await trusted.get(photo.url)).status).toBe(404);
    expect((await cat.get(`/api/v1/media/user/${annId}`)).json.media.map((p: MediaDto) => p.id)).not.toContain(photo.id);
    const own = (await ann.get(`/api/v1/media/user/${annId}`)).json.media.find((p: MediaDto) => p.id === photo.id);
    expect(own.underReview).toBe(true);
    expect((await ann.get(photo.url)).status).toBe(200);
    expect((await mod.get(photo.url)).status).toBe(200);

    expect((await ann.delete(`/api/v1/media/${photo.id}`)).status).toBe(204);
    const item = (await queue()).find((r) => r.id === res.json.id);
    expect(item).toMatchObject({ targetType: 'photo', originalExists: false, details: 'Looks 15' });
    const kept = await mod.get(item.keptPhotoUrl);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-type')).toMatch(/^image\//);
    expect((await trusted.get(item.keptPhotoUrl)).status).toBe(403);
  });

  it('keeps a byte-identical copy of a reported video, after the owner deleted it', async () => {
    // a 20 MB video as stored (ffmpeg's remux is content's concern): the copy is streamed, not read into memory
    const bytes = randomBytes(20 * 1024 * 1024 + 3);
    const storageKey = `${annId}/content_${Date.now()}.mp4`;
    await createLocalStorage(path.join(t.dataDir, 'uploads')).put(storageKey, bytes, { contentType: 'video/mp4' });
    const [video] = await t.database.db
      .insert(media)
      .values({
        ownerId: annId,
        kind: 'content',
        mediaType: 'video',
        storageKey,
        contentType: 'video/mp4',
        bytes: bytes.length,
        visibility: 'public',
        title: 'Clip',
      })
      .returning();
    const res = await report(ben, { targetType: 'photo', targetId: video!.id, reason: 'spam_or_scam' });
    expect(res.status, res.text).toBe(201);
    expect((await ann.delete(`/api/v1/content/${video!.id}`)).status).toBe(204);
    const item = (await queue()).find((r) => r.id === res.json.id);
    expect(item).toMatchObject({ targetType: 'photo', originalExists: false });
    const kept = await t.app.request(item.keptPhotoUrl, { headers: { origin: ORIGIN, cookie: cookieOf(mod) } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await kept.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('takes a held avatar off the profile everywhere, and puts it back when the report is dismissed', async () => {
    const photo = await upload(ann, await png({ r: 120, g: 40, b: 160 }), 'avatar');
    const avatarSeenBy = async (c: Client) => (await c.get(`/api/v1/profiles/${annId}`)).json.profile.avatarUrl as string | null;
    expect(await avatarSeenBy(cat)).toBe(photo.url);
    const res = await report((await trustedReporter('rep_two')).c, {
      targetType: 'photo',
      targetId: photo.id,
      reason: 'non_consensual_image',
    });
    expect(res.status).toBe(201);
    expect(await avatarSeenBy(cat)).toBeNull();
    expect((await cat.get(photo.url)).status).toBe(404);
    expect((await mod.post(`/api/v1/admin/reports/${res.json.id}/dismiss`, { reason: 'Her own photo' })).status).toBe(200);
    expect(await avatarSeenBy(cat)).toBe(photo.url);
    expect((await cat.get(photo.url)).status).toBe(200);
  });

  it('does not hide a photo reported for a reason that does not hold it back', async () => {
    const photo = await upload(ann, await png({ r: 10, g: 200, b: 10 }));
    expect((await report(ben, { targetType: 'photo', targetId: photo.id, reason: 'spam_or_scam' })).status).toBe(201);
    expect((await cat.get(photo.url)).status).toBe(200);
  });

  it("never hides a photo on one untrusted member's word: it waits for a moderator, shown", async () => {
    const photo = await upload(ann, await png({ r: 30, g: 60, b: 90 }));
    const newcomer = await reporter('rep_newcomer', { verified: true, days: 1 });
    const unverified = await reporter('rep_unverified', { verified: false, days: 30 });
    for (const who of [newcomer, unverified, { c: ben }]) {
      const res = await report(who.c, { targetType: 'photo', targetId: photo.id, reason: 'underage' });
      expect(res.status).toBe(201);
      expect((await cat.get(photo.url)).status).toBe(200);
    }
    // the newcomer and ben are not in good standing (too new), so even together they are one untrusted word
    expect((await queue()).filter((r) => r.targetId === photo.id)).toHaveLength(3);
  });

  it('holds a photo when a second reporter in good standing agrees', async () => {
    const photo = await upload(ann, await png({ r: 90, g: 60, b: 30 }));
    const first = await reporter('rep_first', { verified: false, days: 30 });
    const second = await reporter('rep_second', { verified: false, days: 30 });
    expect((await report(first.c, { targetType: 'photo', targetId: photo.id, reason: 'non_consensual_image' })).status).toBe(201);
    // the same member again is still one word
    expect((await report(first.c, { targetType: 'photo', targetId: photo.id, reason: 'non_consensual_image' })).status).toBe(200);
    expect((await cat.get(photo.url)).status).toBe(200);
    expect((await report(second.c, { targetType: 'photo', targetId: photo.id, reason: 'underage' })).status).toBe(201);
    expect((await cat.get(photo.url)).status).toBe(404);
    expect((await ann.get(photo.url)).status).toBe(200);
  });

  it('no longer trusts a reporter whose report a moderator dismissed lately', async () => {
    const trusted = await trustedReporter('rep_dismissed');
    const first = await upload(ann, await png({ r: 5, g: 150, b: 150 }));
    const res = await report(trusted.c, { targetType: 'photo', targetId: first.id, reason: 'underage' });
    expect((await cat.get(first.url)).status).toBe(404);
    expect((await mod.post(`/api/v1/admin/reports/${res.json.id}/dismiss`, { reason: 'Clearly adult' })).status).toBe(200);
    const next = await upload(ann, await png({ r: 150, g: 150, b: 5 }));
    expect((await report(trusted.c, { targetType: 'photo', targetId: next.id, reason: 'underage' })).status).toBe(201);
    expect((await cat.get(next.url)).status).toBe(200);
  });

  it('refuses a report of what the reporter cannot see: a pay-per-view original, premium without membership, a held photo', async () => {
    const item = (visibility: 'ppv' | 'premium') =>
      t.database.db
        .insert(media)
        .values({
          ownerId: annId,
          kind: 'content',
          mediaType: 'image',
          storageKey: `${annId}/content_${visibility}_${Date.now()}.webp`,
          contentType: 'image/webp',
          bytes: 10,
          visibility,
          priceCents: visibility === 'ppv' ? 500 : null,
          title: visibility,
        })
        .returning();
    const [ppv] = await item('ppv');
    const [premium] = await item('premium');
    const before = await reportCount();
    for (const target of [ppv!, premium!]) {
      const res = await report(cat, { targetType: 'photo', targetId: target.id, reason: 'underage' });
      expect(res.status, target.visibility).toBe(404);
      expect(res.json.error.message).toBe(text.moderation.targetNotFound);
    }
    const held = await upload(ann, await png({ r: 1, g: 2, b: 3 }));
    await t.database.db.update(media).set({ underReview: true }).where(eq(media.id, held.id));
    expect((await report(cat, { targetType: 'photo', targetId: held.id, reason: 'underage' })).status).toBe(404);
    expect(await reportCount()).toBe(before);
    expect((await t.database.db.select().from(media).where(eq(media.id, ppv!.id)))[0]!.underReview).toBe(false);
  });
});

describe('decisions', () => {
  it('lists open reports oldest first', async () => {
    const items = await queue();
    expect(items.length).toBeGreaterThanOrEqual(3);
    const times = items.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(items.at(-1).earlierReports).toBeGreaterThan(0);
  });

  it('dismisses a report: the photo is shown again, the reporter is told by mail, and the log records it', async () => {
    const photo = await upload(ann, await png({ r: 10, g: 10, b: 200 }));
    const res = await report((await trustedReporter('rep_three')).c, {
      targetType: 'photo',
      targetId: photo.id,
      reason: 'non_consensual_image',
    });
    expect((await ben.get(photo.url)).status).toBe(404);
    const before = await auditCount();
    const empty = await mod.post(`/api/v1/admin/reports/${res.json.id}/dismiss`, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe(text.moderation.moderatorReasonRequired);
    expect((await mod.post(`/api/v1/admin/reports/${res.json.id}/dismiss`, { reason: 'Adult, own photo' })).status).toBe(200);
    expect((await ben.get(photo.url)).status).toBe(200);
    expect((await mod.post(`/api/v1/admin/reports/${res.json.id}/dismiss`, reasonBody)).status).toBe(409);
    expect((await mod.post('/api/v1/admin/reports/not-a-uuid/dismiss', reasonBody)).status).toBe(400);
    expect((await mod.post('/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/dismiss', reasonBody)).status).toBe(404);
    expect(await auditCount()).toBe(before + 1);
    const mail = await mailFromOutbox(
      t,
      (m) => m.to === 'rep_three@example.com' && m.text.includes(text.moderation.mailDismissed),
      'outcome',
    );
    expect(mail.subject).toBe(text.moderation.mailOutcomeSubject(t.config.siteName));
    expect((await queue()).map((r) => r.id)).not.toContain(res.json.id);
  });

  it('removes a reported photo: gone for everyone, its owner and the reporter are told', async () => {
    const photo = await upload(ann, await png({ r: 120, g: 120, b: 0 }));
    const res = await report(cat, { targetType: 'photo', targetId: photo.id, reason: 'harassment' });
    expect((await mod.post(`/api/v1/admin/reports/${res.json.id}/remove`, { reason: 'Harassing picture' })).status).toBe(200);
    expect(await t.database.db.select().from(media).where(eq(media.id, photo.id))).toEqual([]);
    expect((await ann.get(photo.url)).status).toBe(404);
    await mailFromOutbox(t, (m) => m.to === 'ann_ash@example.com' && m.text.includes('Harassing picture'), 'removal notice');
    await mailFromOutbox(t, (m) => m.to === 'cat_cedar@example.com' && m.text.includes(text.moderation.mailActioned), 'outcome');
    const memberReport = (await queue()).find((r) => r.targetType === 'member');
    const none = await mod.post(`/api/v1/admin/reports/${memberReport.id}/remove`, reasonBody);
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe(text.moderation.nothingToRemove);
  });

  it('warns a member by mail, records it, and counts it on later reports', async () => {
    const memberReport = (await queue()).find((r) => r.targetType === 'member' && r.reported.id === annId);
    expect(memberReport.warnings).toBe(0);
    const res = await mod.post(`/api/v1/admin/members/${annId}/warn`, { reason: 'Fake pictures', reportId: memberReport.id });
    expect(res.status).toBe(200);
    await mailFromOutbox(t, (m) => m.to === 'ann_ash@example.com' && m.text.includes('Fake pictures'), 'warning');
    const next = await report(cat, { targetType: 'member', targetId: annId, reason: 'other' });
    expect((await queue()).find((r) => r.id === next.json.id).warnings).toBe(1);
    // a report about someone else cannot be decided through this member
    expect((await mod.post(`/api/v1/admin/members/${benId}/warn`, { ...reasonBody, reportId: next.json.id })).status).toBe(404);
    // nobody moderates an admin or themself
    const bossId = (await boss.get('/api/v1/me')).json.user.id;
    expect((await mod.post(`/api/v1/admin/members/${bossId}/warn`, reasonBody)).status).toBe(403);
    expect((await mod.post(`/api/v1/admin/members/${modId}/suspend`, reasonBody)).status).toBe(403);
    expect((await mod.post('/api/v1/admin/members/nobody-here/warn', reasonBody)).status).toBe(404);
  });
});

describe('suspension', () => {
  it("ends every session and closes the member's open socket at once, refuses sign-in, hides them, and can be lifted", async () => {
    const socket = openSocket(server.wsUrl, { cookie: cookieOf(cat) });
    sockets.push(socket);
    await socket.next('ready');
    const other = client(t); // a second device
    expect((await other.post('/api/auth/sign-in/email', { email: 'cat_cedar@example.com', password: 'correct-horse-1' })).status).toBe(200);
    expect((await ann.get(`/api/v1/profiles/${catId}`)).status).toBe(200);
    const listed = async () => (await ann.get('/api/v1/members')).json.items.map((i: { userId: string }) => i.userId);
    expect(await listed()).toContain(catId);

    const res = await mod.post(`/api/v1/admin/members/${catId}/suspend`, { reason: 'Scamming members' });
    expect(res.status).toBe(200);
    // no heartbeat run: the session triggers tell the socket gateway at once
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Session ended' });
    expect((await cat.get('/api/v1/me')).status).toBe(401);
    expect((await other.get('/api/v1/me')).status).toBe(401);
    const [sessions] = await t.database.db.select({ n: count() }).from(session).where(eq(session.userId, catId));
    expect(sessions!.n).toBe(0);

    const signIn = await client(t).post('/api/auth/sign-in/email', { email: 'cat_cedar@example.com', password: 'correct-horse-1' });
    expect(signIn.status).toBe(403);
    expect(signIn.json).toMatchObject({ code: 'BANNED_USER', message: text.moderation.suspended });

    expect((await ann.get(`/api/v1/profiles/${catId}`)).status).toBe(404);
    expect(await listed()).not.toContain(catId);
    expect((await mod.get('/api/v1/admin/suspended')).json.items.map((i: { id: string }) => i.id)).toContain(catId);

    expect((await mod.post(`/api/v1/admin/members/${catId}/unsuspend`, { reason: 'Appeal accepted' })).status).toBe(200);
    const back = client(t);
    expect((await back.post('/api/auth/sign-in/email', { email: 'cat_cedar@example.com', password: 'correct-horse-1' })).status).toBe(200);
    expect(await listed()).toContain(catId);
  });
});

describe('audit log', () => {
  it('shows admins every action newest first, a page at a time', async () => {
    const first = await boss.get('/api/v1/admin/audit?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(2);
    expect(first.json.items[0]).toMatchObject({
      action: 'suspension_lifted',
      targetUserId: catId,
      reason: 'Appeal accepted',
      actor: { id: modId },
    });
    expect(first.json.items[1]).toMatchObject({ action: 'member_suspended', reason: 'Scamming members' });
    const next = await boss.get(`/api/v1/admin/audit?limit=100&before=${first.json.nextBefore}`);
    const actions = next.json.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['member_warned', 'content_removed', 'report_dismissed', 'role_changed']));
    expect(next.json.nextBefore).toBeNull();
    expect((await boss.get('/api/v1/admin/audit?limit=0')).status).toBe(400);
    expect((await boss.get('/api/v1/admin/audit?before=abc')).status).toBe(400);
  });

  it('refuses to change or remove an entry, even by SQL', async () => {
    const n = await auditCount();
    await expect(t.database.db.execute(sql`update moderation_audit set reason = 'edited'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from moderation_audit`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate moderation_audit`)).rejects.toThrow();
    expect(await auditCount()).toBe(n);
    const rows = await t.database.db.select({ reason: moderationAudit.reason }).from(moderationAudit);
    expect(rows.map((r) => r.reason)).not.toContain('edited');
  });
});
