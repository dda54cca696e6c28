import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT_RECORDS_DAYS } from '@velvet/core/constants/retention';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { moderationAudit, reports } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ORIGIN, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cookieOf } from '../../../test/realtime-server';
import { createLogger } from '../../logger';
import { createLocalStorage } from '../../storage/local-storage';
import { moderationRepository } from './moderation.repository';
import { recordsRetention } from './records-retention';

let t: TestApp;
let sweep: () => Promise<{ copies: number }>;
const DAY_MS = 24 * 60 * 60_000;

async function photoOf(c: Client): Promise<MediaDto> {
  const form = new FormData();
  form.set('kind', 'gallery');
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 90, g: 20, b: 60 } } })
    .png()
    .toBuffer();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { media: MediaDto }).media;
}

const reportRows = (ids: string[]) => t.database.db.select().from(reports).where(inArray(reports.id, ids));
const auditAbout = (userId: string) => t.database.db.select().from(moderationAudit).where(eq(moderationAudit.targetUserId, userId));
const ageReport = (id: string, days: number) =>
  t.database.db
    .update(reports)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(reports.id, id));
/** The log takes rows as they come (it is append-only); an old one is written as old. */
const oldAudit = (targetUserId: string, days: number) =>
  t.database.db.insert(moderationAudit).values({
    actorId: 'moderator',
    action: 'member_warned',
    targetUserId,
    targetType: 'member',
    targetId: targetUserId,
    reason: 'An old warning',
    createdAt: new Date(Date.now() - days * DAY_MS),
  });

beforeAll(async () => {
  t = await createTestApp();
  const storage = createLocalStorage(path.join(t.dataDir, 'uploads'));
  sweep = recordsRetention({ repo: moderationRepository(t.database.db), storage, log: createLogger('silent') }).sweep;
});
afterAll(() => t.close());

describe('what is kept after an account is deleted', () => {
  it(`is erased ${DELETED_ACCOUNT_RECORDS_DAYS} days after it was made, copies too; the rest is kept`, async () => {
    const gone = await finishedMember(t, 'gone_soon', { city: 'Leeds' });
    const stays = await finishedMember(t, 'stays_on', { city: 'Leeds' });
    const reporter = await finishedMember(t, 'reporter_rae', { city: 'Leeds' });
    const photo = await photoOf(gone.c);
    const oldReport = (await reporter.c.post('/api/v1/reports', { targetType: 'photo', targetId: photo.id, reason: 'spam_or_scam' })).json
      .id as string;
    const freshReport = (await reporter.c.post('/api/v1/reports', { targetType: 'member', targetId: gone.id, reason: 'harassment' })).json
      .id as string;
    const aboutLiving = (await reporter.c.post('/api/v1/reports', { targetType: 'member', targetId: stays.id, reason: 'harassment' })).json
      .id as string;
    const [kept] = await reportRows([oldReport]);
    expect(kept!.keptPhotoKey).toBeTruthy();
    const copy = path.join(t.dataDir, 'uploads', kept!.keptPhotoKey!);
    await expect(sharp(copy).metadata()).resolves.toBeTruthy();
    await oldAudit(gone.id, DELETED_ACCOUNT_RECORDS_DAYS + 1);
    await oldAudit(stays.id, DELETED_ACCOUNT_RECORDS_DAYS + 1);
    await ageReport(oldReport, DELETED_ACCOUNT_RECORDS_DAYS + 1);
    await ageReport(aboutLiving, DELETED_ACCOUNT_RECORDS_DAYS + 1);

    // while the account exists, nothing about it is erased, however old
    expect(await sweep()).toEqual({ copies: 0 });
    expect(await reportRows([oldReport, freshReport, aboutLiving])).toHaveLength(3);

    expect((await gone.c.post('/api/v1/account/delete', { password: 'correct-horse-1' })).status).toBe(200);
    // kept after the deletion, as /privacy says
    expect(await reportRows([oldReport, freshReport])).toHaveLength(2);
    expect(await auditAbout(gone.id)).toHaveLength(1);

    expect(await sweep()).toEqual({ copies: 1 });
    expect((await reportRows([oldReport, freshReport, aboutLiving])).map((r) => r.id).sort()).toEqual([freshReport, aboutLiving].sort());
    await expect(sharp(copy).metadata()).rejects.toThrow();
    expect(await auditAbout(gone.id)).toHaveLength(0);
    expect(await auditAbout(stays.id)).toHaveLength(1);
    // a second sweep finds nothing more
    expect(await sweep()).toEqual({ copies: 0 });
  });

  it('leaves the log append-only outside the sweep, even about a deleted account', async () => {
    const gone = await finishedMember(t, 'gone_later', { city: 'York' });
    await oldAudit(gone.id, DELETED_ACCOUNT_RECORDS_DAYS + 10);
    expect((await gone.c.post('/api/v1/account/delete', { password: 'correct-horse-1' })).status).toBe(200);
    const refused = await t.database.db.execute(sql`delete from moderation_audit where target_user_id = ${gone.id}`).then(
      () => null,
      (err: Error) => (err.cause instanceof Error ? err.cause : err),
    );
    expect(refused?.message).toMatch(/append-only/);
    expect(await auditAbout(gone.id)).toHaveLength(1);
  });
});
