import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailFromOutbox, ORIGIN, signedInMember, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { profiles, user, userVerifications, verificationBadges, verificationDecisions } from '../../db/schema/index';
import { verificationRepository } from './verification.repository';
import { verificationService } from './verification.service';
import type { VerificationService } from './verification.public';
import { createLogger } from '../../logger';
import { createLocalStorage } from '../../storage/local-storage';

const m = messages.verification;
const api = '/api/v1/verifications';
const admin = '/api/v1/admin/verifications';

let t: TestApp;
let ada: { c: Client; id: string };
let ben: { c: Client; id: string };
let couple: { c: Client; id: string };
let mod: { c: Client; id: string };
let visitor: Client;
let jpeg: Buffer;
let png: Buffer;
let heic: Buffer;

const fields = {
  photo: { fullName: 'Ada Lovelace', additionalNotes: 'Taken today' },
  couple: { partner1Name: 'Cy', partner2Name: 'Di', partner1Age: 30, partner2Age: 32, relationshipDuration: '5 years' },
  individual: { fullName: 'Ada Lovelace', age: 36, gender: 'female' },
  model: { fullName: 'Ada Lovelace', age: 36, gender: 'female', modelExperience: 'Two years of photo shoots' },
  vip: { fullName: 'Ada Lovelace', age: 36, gender: 'female', vipMembershipId: 'VIP-1234' },
} as const;

/** A multipart submission, as the web form sends it (with the same origin, as a browser would). */
async function submit(
  who: Client,
  type: unknown,
  data: unknown,
  file: { bytes: Buffer; name?: string; type?: string } | null = { bytes: jpeg },
) {
  const form = new FormData();
  if (typeof type === 'string') form.append('type', type);
  if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'me.jpg');
  const cookie = [...who.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(api, { method: 'POST', body: form, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

const stored = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(userVerifications).where(eq(userVerifications.userId, userId)))[0]!.n;
const profileOf = async (userId: string) => (await t.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!;
const accountOf = async (userId: string) => (await t.database.db.select().from(user).where(eq(user.id, userId)))[0]!;
const uploads = async () => {
  const { readdir } = await import('node:fs/promises');
  const dir = path.join(t.dataDir, 'uploads');
  const walk = async (d: string): Promise<string[]> => {
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) out.push(...(e.isDirectory() ? await walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    return out;
  };
  return (await walk(dir)).filter((f) => f.includes('verification_'));
};

beforeAll(async () => {
  t = await createTestApp();
  [jpeg, png] = await Promise.all([
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#c36' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif' } } })
      .jpeg()
      .toBuffer(),
    sharp({ create: { width: 30, height: 40, channels: 4, background: '#36c' } })
      .png()
      .toBuffer(),
  ]);
  heic = await readFile(path.join(import.meta.dirname, '../../../test/fixtures/verification.heic'));
  [ada, ben, couple] = await Promise.all([
    finishedMember(t, 'ada_v', { city: 'London' }),
    finishedMember(t, 'ben_v', { city: 'Leeds', gender: 'single-male' }),
    finishedMember(t, 'cyd_v', { city: 'York', gender: 'male-female-couple', partnerAge: 32 }),
  ]);
  // a moderator: the role is set in the database before their first API call
  const modClient = await signedInMember(t, 'mod_v@example.com');
  const [modUser] = await t.database.db.update(user).set({ role: 'moderator' }).where(eq(user.email, 'mod_v@example.com')).returning();
  mod = { c: modClient, id: modUser!.id };
  const { client } = await import('../../../test/http');
  visitor = client(t);
});
afterAll(() => t.close());

describe('signed out', () => {
  it('every endpoint answers 401 and stores nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', api],
      ['GET', `${api}/summary/${ada.id}`],
      ['GET', `${api}/${id}/photo`],
      ['GET', admin],
      ['POST', `${admin}/${id}/approve`],
      ['POST', `${admin}/${id}/reject`],
    ] as const) {
      const res = await visitor.request(method, url, method === 'POST' ? { reason: 'x' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect((await submit(visitor, 'photo', fields.photo)).status).toBe(401);
    expect(await uploads()).toEqual([]);
  });
});

describe('submitting', () => {
  it('starts with nothing: Not Started everywhere, a zero trust score', async () => {
    const res = await ada.c.get(api);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      verifications: [],
      summary: {
        verified: false,
        hasPhotoVerification: false,
        hasIdVerification: false,
        hasCoupleVerification: false,
        verificationCount: 0,
        trustScore: 0,
        badges: [],
      },
      coupleAllowed: false,
    });
    expect((await profileOf(ada.id)).verificationStatus).toBe('not_started');
  });

  it('refuses hostile and wrong input with clear words, storing nothing', async () => {
    const before = await stored(ada.id);
    const cases: [unknown, unknown, Parameters<typeof submit>[3], number, string?][] = [
      ['passport', fields.photo, { bytes: jpeg }, 400, m.typeRequired],
      ['photo', '{not json', { bytes: jpeg }, 400, m.badFields],
      ['photo', { fullName: '' }, { bytes: jpeg }, 400, m.nameRequired],
      ['photo', { fullName: 'x'.repeat(101) }, { bytes: jpeg }, 400, m.nameTooLong],
      ['photo', { fullName: '<script>alert(1)</script>' }, { bytes: jpeg }, 400, m.noMarkup],
      ['photo', { fullName: 'Ada', additionalNotes: 'y'.repeat(1001) }, { bytes: jpeg }, 400, m.notesTooLong],
      ['photo', { fullName: 42 }, { bytes: jpeg }, 400],
      ['photo', { fullName: 'Ada', isAdmin: true }, { bytes: jpeg }, 400],
      ['individual', { ...fields.individual, age: 17 }, { bytes: jpeg }, 400, m.ageRange],
      ['individual', { ...fields.individual, age: 101 }, { bytes: jpeg }, 400, m.ageRange],
      ['individual', { ...fields.individual, age: '36' }, { bytes: jpeg }, 400, m.ageRange],
      ['individual', { ...fields.individual, gender: 'robot' }, { bytes: jpeg }, 400, m.genderRequired],
      ['model', fields.individual, { bytes: jpeg }, 400, m.experienceRequired],
      ['vip', { ...fields.vip, vipMembershipId: 'x y' }, { bytes: jpeg }, 400, m.membershipIdShape],
      ['photo', fields.photo, null, 400, m.photoRequired],
      ['photo', fields.photo, { bytes: Buffer.from('<?php echo 1; ?>'), name: 'me.jpg' }, 400, m.notImage],
      ['photo', fields.photo, { bytes: Buffer.from('GIF89a'), name: 'me.gif', type: 'image/gif' }, 400, m.notImage],
      ['photo', fields.photo, { bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 0xff), name: 'big.jpg' }, 413, m.tooLarge],
    ];
    for (const [type, data, file, status, message] of cases) {
      const res = await submit(ada.c, type, data, file);
      expect(res.status, JSON.stringify([type, data]).slice(0, 80)).toBe(status);
      if (message) expect(res.json.error.message).toBe(message);
    }
    // a WebP is an image, but not one verification takes (JPG, PNG or HEIC)
    const webp = await sharp(png).webp().toBuffer();
    expect((await submit(ada.c, 'photo', fields.photo, { bytes: webp, name: 'me.webp' })).json.error.message).toBe(m.notImage);
    expect(await stored(ada.id)).toBe(before);
    expect((await profileOf(ada.id)).verificationStatus).toBe('not_started');
    expect(await uploads()).toEqual([]);
  });

  it('offers couple verification to couples only (spec §6)', async () => {
    const res = await submit(ada.c, 'couple', fields.couple);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(m.coupleOnly);
    expect((await couple.c.get(api)).json.coupleAllowed).toBe(true);
  });

  it('asks for a profile first', async () => {
    const bare = await signedInMember(t, 'bare_v@example.com');
    const res = await submit(bare, 'photo', fields.photo);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(m.profileRequired);
  });

  it('stores a pending request and sets the profile pending, and nothing else', async () => {
    const res = await submit(ada.c, 'photo', fields.photo);
    expect(res.status).toBe(201);
    expect(res.json.verification).toMatchObject({ type: 'photo', status: 'pending', rejectionReason: null, reviewedAt: null });
    const profile = await profileOf(ada.id);
    expect(profile.verificationStatus).toBe('pending');
    expect(profile.verified).toBe(false);
    expect(profile.badges).toEqual([]);
    expect(profile.membershipType).toBe('free');
    expect((await accountOf(ada.id)).verified).toBe(false);
    const mine = (await ada.c.get(api)).json;
    expect(mine.verifications).toHaveLength(1);
    expect(mine.summary.trustScore).toBe(0);
    // the photo is stored re-encoded, with no metadata
    const [row] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.id, res.json.verification.id));
    expect(row!.verificationData).toMatchObject({
      fields: { fullName: 'Ada Lovelace', additionalNotes: 'Taken today' },
      photo: { fileName: 'me.jpg' },
    });
    const photo = await ada.c.get(res.json.verification.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    const raw = await t.app.request(res.json.verification.photoUrl, {
      headers: { cookie: [...ada.c.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.includes(Buffer.from('secret-exif'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('takes one request of a type at a time', async () => {
    const res = await submit(ada.c, 'photo', fields.photo);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(m.alreadyPending);
  });

  it('takes PNG and converts HEIC', async () => {
    expect(
      (
        await submit(
          ben.c,
          'individual',
          { ...fields.individual, fullName: 'Ben Nevis', gender: 'male' },
          { bytes: png, name: 'b.png', type: 'image/png' },
        )
      ).status,
    ).toBe(201);
    const res = await submit(ben.c, 'photo', { fullName: 'Ben Nevis' }, { bytes: heic, name: 'IMG_0001.HEIC', type: 'image/heic' });
    expect(res.status).toBe(201);
    const raw = await t.app.request(res.json.verification.photoUrl, {
      headers: { cookie: [...ben.c.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const meta = await sharp(Buffer.from(await raw.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });
});

describe('private photos', () => {
  it('are for their member and moderators only: 404 for anyone else, and never on the public file path', async () => {
    const { verifications } = (await ada.c.get(api)).json;
    const url = verifications[0].photoUrl as string;
    expect((await ben.c.get(url)).status).toBe(404);
    expect((await mod.c.get(url)).status).toBe(200);
    expect((await ada.c.get(url)).status).toBe(200);
    // a guessed id and the storage key on the media path
    expect((await ben.c.get(`${api}/00000000-0000-4000-8000-000000000000/photo`)).status).toBe(404);
    expect((await ben.c.get(`${api}/not-a-uuid/photo`)).status).toBe(400);
    const [row] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.id, verifications[0].id));
    expect((await ben.c.get(`/api/v1/media/file/${row!.photoKey}`)).status).toBe(404);
    expect((await ada.c.get(`/api/v1/media/file/${row!.photoKey}`)).status).toBe(404);
  });
});

describe('the moderators’ API', () => {
  it('answers 403 to members on every route, changing nothing', async () => {
    const [pending] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.userId, ada.id));
    for (const [method, url] of [
      ['GET', admin],
      ['POST', `${admin}/${pending!.id}/approve`],
      ['POST', `${admin}/${pending!.id}/reject`],
      ['POST', `${admin}/not-an-id/approve`],
    ] as const) {
      const res = await ben.c.request(method, url, method === 'POST' ? { reason: 'no' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await ada.c.post(`${admin}/${pending!.id}/approve`)).status).toBe(403);
    const [after] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.id, pending!.id));
    expect(after!.status).toBe('pending');
    expect((await accountOf(ada.id)).verified).toBe(false);
  });

  it('lists the queue oldest first with what a decision needs', async () => {
    const res = await mod.c.get(admin);
    expect(res.status).toBe(200);
    const items = res.json.items as any[];
    expect(items.map((i) => [i.member.username, i.type])).toEqual([
      ['ada_v', 'photo'],
      ['ben_v', 'individual'],
      ['ben_v', 'photo'],
    ]);
    expect(items[0]).toMatchObject({ member: { userId: ada.id, displayName: 'ada v' }, fields: { fullName: 'Ada Lovelace' } });
    expect(items[0].photoUrl).toMatch(/^\/api\/v1\/verifications\/[0-9a-f-]+\/photo$/);
  });

  it('needs a reason to reject, and refuses unknown ids', async () => {
    const [pending] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.userId, ada.id));
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }, { reason: '<b>no</b>' }]) {
      expect((await mod.c.post(`${admin}/${pending!.id}/reject`, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await mod.c.post(`${admin}/00000000-0000-4000-8000-000000000000/approve`)).status).toBe(404);
    const [after] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.id, pending!.id));
    expect(after!.status).toBe('pending');
  });

  it('approving a photo verification sets Verified (account and profile), audits and mails the member', async () => {
    const [pending] = await t.database.db.select().from(userVerifications).where(eq(userVerifications.userId, ada.id));
    const res = await mod.c.post(`${admin}/${pending!.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.json.verification).toMatchObject({ status: 'approved' });
    expect((await accountOf(ada.id)).verified).toBe(true);
    const profile = await profileOf(ada.id);
    expect(profile).toMatchObject({ verified: true, verificationStatus: 'approved', membershipType: 'free' });
    const decisions = await t.database.db.select().from(verificationDecisions).where(eq(verificationDecisions.verificationId, pending!.id));
    expect(decisions).toMatchObject([{ moderatorId: mod.id, decision: 'approved', reason: null }]);
    const mail = await mailFromOutbox(t, (x) => x.to === 'ada_v@example.com' && x.subject.includes('approved'), 'approval');
    expect(mail.text).toContain('/verification');
    const summary = (await ada.c.get(api)).json.summary;
    expect(summary).toMatchObject({ verified: true, hasPhotoVerification: true, verificationCount: 1, trustScore: 40 });
    // the session sees it at once (the guard reads it)
    expect((await ada.c.get('/api/v1/me')).json.user.verified).toBe(true);
    // and it is decided once
    expect((await mod.c.post(`${admin}/${pending!.id}/reject`, { reason: 'Too late' })).status).toBe(409);
  });

  it('rejecting keeps the reason, changes nothing else and tells the member why', async () => {
    const items = (await mod.c.get(admin)).json.items as any[];
    const individual = items.find((i) => i.member.userId === ben.id && i.type === 'individual');
    const res = await mod.c.post(`${admin}/${individual.id}/reject`, { reason: 'The photo is blurred.' });
    expect(res.status).toBe(200);
    expect(res.json.verification).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurred.' });
    expect(await t.database.db.select().from(verificationBadges).where(eq(verificationBadges.userId, ben.id))).toEqual([]);
    // still pending overall: Ben's photo verification waits
    expect((await profileOf(ben.id)).verificationStatus).toBe('pending');
    const mail = await mailFromOutbox(t, (x) => x.to === 'ben_v@example.com' && x.subject.includes('not approved'), 'rejection');
    expect(mail.text).toContain('The photo is blurred.');
    const mine = (await ben.c.get(api)).json.verifications as any[];
    expect(mine.find((v) => v.type === 'individual')).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurred.' });
    // a rejected type may be sent again
    expect((await submit(ben.c, 'individual', { ...fields.individual, fullName: 'Ben Nevis', gender: 'male' })).status).toBe(201);
  });

  it('couple, model and vip approvals earn their badges; vip makes the membership premium', async () => {
    expect((await submit(couple.c, 'couple', fields.couple)).status).toBe(201);
    expect((await submit(couple.c, 'model', { ...fields.model, fullName: 'Cy' })).status).toBe(201);
    expect((await submit(couple.c, 'vip', { ...fields.vip, fullName: 'Cy' })).status).toBe(201);
    expect((await profileOf(couple.id)).membershipType).toBe('free');
    const items = ((await mod.c.get(admin)).json.items as any[]).filter((i) => i.member.userId === couple.id);
    expect(items.map((i) => i.type)).toEqual(['couple', 'model', 'vip']);
    for (const item of items) expect((await mod.c.post(`${admin}/${item.id}/approve`)).status).toBe(200);
    const profile = await profileOf(couple.id);
    expect(profile).toMatchObject({ membershipType: 'premium', verified: false, verificationStatus: 'approved' });
    expect(profile.badges).toEqual(['creator', 'exclusive', 'verified_couple']);
    const summary = (await couple.c.get(api)).json.summary;
    expect(summary).toEqual({
      verified: false,
      hasPhotoVerification: false,
      hasIdVerification: true,
      hasCoupleVerification: true,
      verificationCount: 3,
      trustScore: 25 + 15 + 10 + 10,
      badges: expect.arrayContaining(['verified_couple', 'creator', 'exclusive']),
    });
    // others see the badges on the card and the profile, and the summary
    const card = (await ada.c.get('/api/v1/members?sort=newest')).json.items.find((c: any) => c.userId === couple.id);
    expect(card.badges).toEqual(['verified_couple', 'creator', 'exclusive']);
    expect((await ada.c.get(`/api/v1/profiles/${couple.id}`)).json.profile.badges).toEqual(['verified_couple', 'creator', 'exclusive']);
    expect((await ada.c.get(`${api}/summary/${couple.id}`)).json.summary.trustScore).toBe(60);
  });

  it('the verified only filter of Members finds the approved photo verification', async () => {
    const res = await ben.c.get('/api/v1/members?sort=newest&verified=1');
    expect(res.json.items.map((c: any) => c.userId)).toEqual([ada.id]);
  });
});

describe('the summary of others', () => {
  it('is 404 for unknown members and malformed ids', async () => {
    expect((await ada.c.get(`${api}/summary/nobody-here`)).status).toBe(404);
    expect((await ada.c.get(`${api}/summary/${"'; drop table x"}`)).status).toBe(400);
  });
});

describe('requireApprovedCreator', () => {
  it('lets approved creators publish premium or paid content, and refuses everyone else', async () => {
    // what the content module will be handed (verification.public.ts)
    const service: VerificationService = verificationService({
      repo: verificationRepository(t.database.db),
      storage: createLocalStorage(path.join(t.dataDir, 'uploads')),
      mailer: t.mailer,
      log: createLogger('silent'),
      siteName: 'Velvet',
      publicUrl: 'http://localhost:3000',
    });
    await expect(service.requireApprovedCreator(couple.id)).resolves.toBeUndefined();
    await expect(service.requireApprovedCreator(ada.id)).rejects.toMatchObject({ status: 403, message: m.creatorRequired });
  });
});
