import { z } from 'zod';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { daysBefore, londonDay } from '@velvet/core/time/london-day';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Client } from '../../../test/http';
import { expectNoPositionIn, finishedMember, type FinishedMemberOptions } from '../../../test/members';
import { profiles, profileViews, userBlocks } from '../../db/schema/index';
import { profilesRepository } from '../profiles/profiles.repository';
import { profilesService } from '../profiles/profiles.service';
import { profileViewsRepository } from './profile-views.repository';
import { profileViewsService } from './profile-views.service';
import { testCursors } from '../../../test/cursors';
import { cursorCodec, type CursorCodec } from '../../lib/keyset-cursor';

let t: TestApp;
let cursors: CursorCodec;
const ids: Record<string, string> = {};
const clients: Record<string, Client> = {};

async function member(name: string, opts: FinishedMemberOptions) {
  const made = await finishedMember(t, name, opts);
  ids[name] = made.id;
  clients[name] = made.c;
}

/** `viewer` opens `viewed`'s profile page, as the web app does. */
async function look(viewer: string, viewed: string) {
  const res = await clients[viewer]!.get(`/api/v1/profiles/${ids[viewed]}`);
  expect(res.status, res.text).toBe(200);
}

const viewersOf = async (name: string, query = '') => {
  const res = await clients[name]!.get(`/api/v1/profile-views${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ProfileViewsResponse;
};
const namesOf = (r: ProfileViewsResponse) => r.items.map((i) => i.member.username);
const todayOf = async (name: string) => {
  const res = await clients[name]!.get('/api/v1/profile-views/today');
  expect(res.status, res.text).toBe(200);
  return res.json as ProfileViewsTodayResponse;
};
const setProfile = (name: string, values: Partial<typeof profiles.$inferInsert>) =>
  t.database.db.update(profiles).set(values).where(eq(profiles.userId, ids[name]!));
const rowsFor = (viewed: string) => t.database.db.select().from(profileViews).where(eq(profileViews.viewedId, ids[viewed]!));

beforeAll(async () => {
  t = await createTestApp();
  cursors = cursorCodec(t.config.secret);
  await member('me_manc', { city: 'Manchester' });
  await member('sal_ford', { city: 'Salford' });
  await member('leeds_pair', { city: 'Leeds', gender: 'male-female-couple', age: 28, partnerAge: 32 });
  await member('hides_all', { city: 'Stockport' });
  await member('anon_one', { city: 'Manchester' });
  await member('turns_anon', { city: 'Manchester' });
  await member('i_block', { city: 'Manchester' });
  await member('blocks_me', { city: 'Manchester' });
  await member('other_one', { city: 'London' });
});
afterAll(() => t?.close());

describe('recording a view', () => {
  it('needs a signed-in member to read views', async () => {
    for (const path of ['/api/v1/profile-views', '/api/v1/profile-views/today']) {
      expect((await t.app.request(path)).status, path).toBe(401);
    }
  });

  it('records one row per viewer per London day, however often they look, and never a look at yourself', async () => {
    const before = londonDay();
    await look('sal_ford', 'me_manc');
    await look('sal_ford', 'me_manc');
    await look('me_manc', 'me_manc');
    const after = londonDay();

    const rows = await rowsFor('me_manc');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.viewerId).toBe(ids.sal_ford);
    expect([before, after]).toContain(rows[0]!.day);
    expect(await todayOf('me_manc')).toEqual({ count: 1, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(namesOf(await viewersOf('me_manc'))).toEqual(['sal_ford']);
    // the viewer's own views are theirs alone: sal_ford was not looked at
    expect(await todayOf('sal_ford')).toMatchObject({ count: 0 });
    expect((await viewersOf('sal_ford')).items).toEqual([]);
    // nor can one be written any other way: the counts of views rely on it
    const own = t.database.db.insert(profileViews).values({ viewedId: ids.me_manc!, viewerId: ids.me_manc!, day: before });
    await expect(own).rejects.toSatisfy((e: Error & { cause?: Error }) =>
      /profile_views_not_self_check/.test(String(e.cause?.message ?? e.message)),
    );
    expect(await rowsFor('me_manc')).toHaveLength(1);
  });

  it('shows each viewer as a member card with only what they let others see', async () => {
    await look('leeds_pair', 'me_manc');
    await setProfile('hides_all', { hideLocation: true, hideLastActive: true, lastActiveAt: new Date() });
    await look('hides_all', 'me_manc');
    const { items } = await viewersOf('me_manc');
    const byName = Object.fromEntries(items.map((i) => [i.member.username, i]));
    expect(byName.leeds_pair!.member).toMatchObject({ ageText: '28 & 32', kind: 'couple', location: 'Leeds', distance: '25+ miles' });
    expect(byName.hides_all!.member).toMatchObject({ location: null, distance: null, online: false });
    expect(byName.sal_ford!.member.online).toBe(true);
    // a day, never a time of day: when someone looked would tell when they were about
    expect(items.every((i) => /^\d{4}-\d{2}-\d{2}$/.test(i.day))).toBe(true);
    expectNoPositionIn(items);
    expect(items.flatMap((i) => Object.keys(i))).not.toContain('viewedAt');
    // the member who hides their activity goes last within the day
    expect(namesOf({ items, nextCursor: null }).at(-1)).toBe('hides_all');
    expect((await todayOf('me_manc')).count).toBe(3);
  });

  it('records nothing for a viewer in anonymous mode, and drops a viewer who turns it on later', async () => {
    await setProfile('anon_one', { anonymousMode: true });
    await look('anon_one', 'me_manc');
    expect((await rowsFor('me_manc')).map((r) => r.viewerId)).not.toContain(ids.anon_one);

    await look('turns_anon', 'me_manc');
    expect(namesOf(await viewersOf('me_manc'))).toContain('turns_anon');
    expect((await todayOf('me_manc')).count).toBe(4);
    await setProfile('turns_anon', { anonymousMode: true });
    expect(namesOf(await viewersOf('me_manc'))).not.toContain('turns_anon');
    expect((await todayOf('me_manc')).count).toBe(3);
  });

  it('never shows or counts a member on either side of a block, whenever the block came', async () => {
    await look('i_block', 'me_manc');
    await look('blocks_me', 'me_manc');
    expect((await todayOf('me_manc')).count).toBe(5);
    await t.database.db.insert(userBlocks).values([
      { blockerId: ids.me_manc!, blockedId: ids.i_block! },
      { blockerId: ids.blocks_me!, blockedId: ids.me_manc! },
    ]);
    const shown = namesOf(await viewersOf('me_manc', '?limit=60'));
    expect(shown).not.toContain('i_block');
    expect(shown).not.toContain('blocks_me');
    expect((await todayOf('me_manc')).count).toBe(3);

    // and across a block the profile is not there to look at (either direction), so nothing is recorded
    await t.database.db.delete(profileViews).where(eq(profileViews.viewedId, ids.me_manc!));
    for (const viewer of ['i_block', 'blocks_me']) expect((await clients[viewer]!.get(`/api/v1/profiles/${ids.me_manc}`)).status).toBe(404);
    expect(await rowsFor('me_manc')).toEqual([]);
  });
});

describe('days in London', () => {
  it("counts only today's viewers, lists each viewer once at their latest day, newest day first", async () => {
    const db = t.database.db;
    await db.delete(profileViews);
    const today = londonDay();
    const yesterday = daysBefore(today, 1);
    const lastWeek = daysBefore(today, 6);
    await db.insert(profileViews).values([
      { viewedId: ids.me_manc!, viewerId: ids.sal_ford!, day: yesterday },
      { viewedId: ids.me_manc!, viewerId: ids.leeds_pair!, day: lastWeek },
      { viewedId: ids.me_manc!, viewerId: ids.leeds_pair!, day: today },
      { viewedId: ids.me_manc!, viewerId: ids.other_one!, day: lastWeek },
    ]);
    expect(await todayOf('me_manc')).toEqual({ count: 1, day: today });
    const { items } = await viewersOf('me_manc');
    expect(items.map((i) => [i.member.username, i.day])).toEqual([
      ['leeds_pair', today],
      ['sal_ford', yesterday],
      ['other_one', lastWeek],
    ]);

    // looking again today adds today's row beside yesterday's
    await look('sal_ford', 'me_manc');
    const sal = await db
      .select({ day: profileViews.day })
      .from(profileViews)
      .where(and(eq(profileViews.viewedId, ids.me_manc!), eq(profileViews.viewerId, ids.sal_ford!)));
    expect(sal.map((r) => r.day).sort()).toEqual([yesterday, londonDay()].sort());
    expect((await todayOf('me_manc')).count).toBe(2);
  });

  it('records the London day, not the UTC one, for a look just before midnight UTC in summer', async () => {
    const db = t.database.db;
    // 23:30 UTC on 30 June is 00:30 on 1 July in London
    const summerNight = profileViewsService(profileViewsRepository(db), {
      cursors: testCursors,
      clock: () => new Date(Date.UTC(2025, 5, 30, 23, 30)),
    });
    await summerNight.record(ids.other_one!, ids.leeds_pair!);
    const rows = await rowsFor('leeds_pair');
    expect(rows.map((r) => r.day)).toEqual(['2025-07-01']);
    expect(await summerNight.today(ids.leeds_pair!)).toEqual({ count: 1, day: '2025-07-01' });
    // and on the real today, that night is history
    expect((await todayOf('leeds_pair')).count).toBe(0);
    expect(namesOf(await viewersOf('leeds_pair'))).toEqual(['other_one']);
  });
});

describe('only ever my own views', () => {
  it("takes no member id: another member's id in the path or query reads nothing of theirs", async () => {
    await look('sal_ford', 'other_one');
    const mine = namesOf(await viewersOf('other_one'));
    expect(mine).toEqual(['sal_ford']);
    for (const query of [`?userId=${ids.me_manc}`, `?viewedId=${ids.me_manc}`, `?id=${ids.me_manc}`]) {
      expect(namesOf(await viewersOf('other_one', query)), query).toEqual(mine);
    }
    for (const path of [`/api/v1/profile-views/${ids.me_manc}`, `/api/v1/profile-views/today/${ids.me_manc}`]) {
      const res = await clients.other_one!.get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.json)).not.toContain('sal_ford');
    }
    const today = await clients.other_one!.get(`/api/v1/profile-views/today?userId=${ids.me_manc}`);
    // other_one's one viewer, not me_manc's two
    expect(today.json.count).toBe(1);
    expect((await todayOf('me_manc')).count).toBe(2);
  });

  it('pages without gaps or repeats, and refuses a bad page with a clear 400', async () => {
    const first = await viewersOf('me_manc', '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // the link is sealed: it names the last viewer and their day only to the server, never the time of their look
    const scope = `profile-views:${ids.me_manc}`;
    const keys = cursors.open(first.nextCursor as string, z.record(z.string(), z.string()), scope);
    expect(Object.keys(keys).sort()).toEqual(['day', 'id']);
    expect(Buffer.from(first.nextCursor as string, 'base64url').toString('latin1')).not.toContain(keys.day);
    const second = await viewersOf('me_manc', `?limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const all = [...namesOf(first), ...namesOf(second)];
    expect(all).toEqual(namesOf(await viewersOf('me_manc')));
    expect(new Set(all).size).toBe(all.length);

    // another member's link, one made without the server's key, or one sealed with a key in the wrong shape, is no page here
    const unsealed = Buffer.from(JSON.stringify(keys)).toString('base64url');
    const forged = cursors.seal({ day: "2026-01-01'; drop table profiles; --", id: 'x' }, scope);
    const othersLink = cursors.seal(keys, `profile-views:${ids.other_one}`);
    const queries = ['?cursor=abc', '?cursor=-1', `?cursor=${unsealed}`, `?cursor=${forged}`, `?cursor=${othersLink}`];
    for (const query of [...queries, '?limit=0', '?limit=61', '?limit=x']) {
      const res = await clients.me_manc!.get(`/api/v1/profile-views${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code, query).toBe('VALIDATION_FAILED');
      expect(res.json.error.message, query).toBeTruthy();
    }
  });

  it('pages by keyset: someone who looks between two pages takes no place on the next one', async () => {
    const first = await viewersOf('me_manc', '?limit=1');
    expect(first.items).toHaveLength(1);
    const rest = namesOf(await viewersOf('me_manc')).slice(1);
    // a new viewer today goes to the top, before the cursor: the next page is still the rest
    const late = await finishedMember(t, 'late_looker', { city: 'Leeds' });
    expect((await late.c.get(`/api/v1/profiles/${ids.me_manc}`)).status).toBe(200);
    const next = await viewersOf('me_manc', `?limit=10&cursor=${first.nextCursor}`);
    expect(namesOf(next)).toEqual(rest);
    expect(namesOf(await viewersOf('me_manc'))[0]).toBe('late_looker');
  });
});

describe('when recording fails', () => {
  it('still shows the profile, and logs the failure', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'error' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const db = t.database.db;
    const views = profileViewsService(profileViewsRepository(db), { cursors: testCursors });
    const service = profilesService(profilesRepository(db), { recordView: views.record, log });
    // a real database failure: the table is briefly not there
    await db.execute(sql`alter table profile_views rename to profile_views_away`);
    try {
      const profile = await service.view(ids.other_one!, ids.sal_ford!);
      expect(profile.username).toBe('sal_ford');
    } finally {
      await db.execute(sql`alter table profile_views_away rename to profile_views`);
    }
    expect(lines.join('')).toContain('could not record a profile view');
  });
});
