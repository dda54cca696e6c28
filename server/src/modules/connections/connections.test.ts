import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import type { ConnectionsPage, ConnectionsSummary, ConnectionState } from '@velvet/core/schemas/connection.schema';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Client } from '../../../test/http';
import { expectNoPositionIn, finishedMember } from '../../../test/members';
import { friendships, hotlist, likes, profiles, profileViews, userBlocks, winks } from '../../db/schema/index';
import { connectionsRepository } from './connections.repository';
import { connectionsService } from './connections.service';
import { testCursors } from '../../../test/cursors';

let t: TestApp;
const ids: Record<string, string> = {};
const as: Record<string, Client> = {};

async function member(name: string, city = 'Manchester') {
  const made = await finishedMember(t, name, { city });
  ids[name] = made.id;
  as[name] = made.c;
}

const ok = async <T>(res: Promise<{ status: number; json: unknown; text: string }>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.json as T;
};
const names = (page: ConnectionsPage) => page.items.map((i) => i.member.username);
const list = (who: string, path: string) => ok<ConnectionsPage>(as[who]!.get(`/api/v1/${path}`));
const summary = (who: string) => ok<ConnectionsSummary>(as[who]!.get('/api/v1/connections/summary'));
const state = (who: string, other: string) => ok<ConnectionState>(as[who]!.get(`/api/v1/connections/${ids[other]}`));
const friendRows = (a: string, b: string) =>
  t.database.db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.inviterId, ids[a]!), eq(friendships.inviteeId, ids[b]!)),
        and(eq(friendships.inviterId, ids[b]!), eq(friendships.inviteeId, ids[a]!)),
      ),
    );
const winkRows = (from: string) => t.database.db.select().from(winks).where(eq(winks.senderId, ids[from]!));
const hotRows = (of: string) => t.database.db.select().from(hotlist).where(eq(hotlist.userId, ids[of]!));

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'blocker', 'blocked', 'anon', 'pager']) await member(name);
  await t.database.db.insert(userBlocks).values([
    { blockerId: ids.blocker!, blockedId: ids.ann! },
    { blockerId: ids.ann!, blockedId: ids.blocked! },
  ]);
  await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, ids.anon!));
});
afterAll(() => t?.close());

describe('signed out', () => {
  it('answers 401 on every endpoint and changes nothing', async () => {
    const id = ids.bob!;
    const calls: [string, string][] = [
      ['GET', '/api/v1/connections/summary'],
      ['POST', '/api/v1/connections/seen'],
      ['GET', `/api/v1/connections/${id}`],
      ['GET', '/api/v1/friends'],
      ['POST', `/api/v1/friends/${id}`],
      ['POST', `/api/v1/friends/${id}/accept`],
      ['POST', `/api/v1/friends/${id}/decline`],
      ['DELETE', `/api/v1/friends/${id}`],
      ['GET', '/api/v1/winks'],
      ['POST', `/api/v1/winks/${id}`],
      ['GET', '/api/v1/hotlist'],
      ['PUT', `/api/v1/hotlist/${id}`],
      ['DELETE', `/api/v1/hotlist/${id}`],
    ];
    for (const [method, path] of calls) {
      const res = await t.app.request(path, {
        method,
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await t.database.db.select().from(friendships)).toEqual([]);
    expect(await t.database.db.select().from(winks)).toEqual([]);
    expect(await t.database.db.select().from(hotlist)).toEqual([]);
  });
});

describe('friends', () => {
  it('invites, shows the invite on both sides with NEW until /friends is opened, and accepts', async () => {
    expect(await ok(as.ann!.post(`/api/v1/friends/${ids.bob}`), 201)).toEqual({ friendship: 'invited' });
    expect(await state('ann', 'bob')).toMatchObject({ friendship: 'invited' });
    expect(await state('bob', 'ann')).toMatchObject({ friendship: 'invitedYou' });
    expect(names(await list('ann', 'friends?tab=sent'))).toEqual(['bob']);
    expect(names(await list('bob', 'friends?tab=received'))).toEqual(['ann']);
    expect(names(await list('bob', 'friends'))).toEqual([]);
    expect(await summary('bob')).toMatchObject({ friendInvites: 1, friendInvitesNew: 1, friends: 0 });

    await ok(as.bob!.post('/api/v1/connections/seen', { what: 'invites' }), 204);
    expect(await summary('bob')).toMatchObject({ friendInvites: 1, friendInvitesNew: 0 });

    // a second invite either way: ann's is refused; bob's accepts ann's
    const again = await as.ann!.post(`/api/v1/friends/${ids.bob}`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(messages.connections.alreadyInvited);
    expect(await ok(as.bob!.post(`/api/v1/friends/${ids.ann}/accept`))).toEqual({ friendship: 'friends' });
    expect(names(await list('ann', 'friends'))).toEqual(['bob']);
    expect(names(await list('bob', 'friends'))).toEqual(['ann']);
    expect(await summary('bob')).toMatchObject({ friendInvites: 0, friends: 1 });
    const refused = await as.bob!.post(`/api/v1/friends/${ids.ann}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(messages.connections.alreadyFriends);
    expect(await friendRows('ann', 'bob')).toHaveLength(1);
  });

  it('inviting a member who invited you first makes you friends', async () => {
    await ok(as.cat!.post(`/api/v1/friends/${ids.dan}`), 201);
    expect(await ok(as.dan!.post(`/api/v1/friends/${ids.cat}`), 201)).toEqual({ friendship: 'friends' });
    expect(await friendRows('cat', 'dan')).toMatchObject([{ status: 'accepted' }]);
  });

  it('declines, cancels (inviter only) and removes (either side)', async () => {
    await ok(as.eve!.post(`/api/v1/friends/${ids.cat}`), 201);
    // the inviter cannot accept or decline their own invite
    expect((await as.eve!.post(`/api/v1/friends/${ids.cat}/accept`)).status).toBe(404);
    expect((await as.eve!.post(`/api/v1/friends/${ids.cat}/decline`)).status).toBe(404);
    await ok(as.cat!.post(`/api/v1/friends/${ids.eve}/decline`), 204);
    expect(await friendRows('eve', 'cat')).toEqual([]);

    await ok(as.eve!.post(`/api/v1/friends/${ids.cat}`), 201);
    // the invitee cannot cancel it (decline is theirs)
    expect((await as.cat!.delete(`/api/v1/friends/${ids.eve}`)).status).toBe(404);
    expect(await friendRows('eve', 'cat')).toHaveLength(1);
    await ok(as.eve!.delete(`/api/v1/friends/${ids.cat}`), 204);
    expect(await friendRows('eve', 'cat')).toEqual([]);

    // dan and cat are friends: either side removes
    await ok(as.cat!.delete(`/api/v1/friends/${ids.dan}`), 204);
    expect(await friendRows('cat', 'dan')).toEqual([]);
    expect((await as.cat!.delete(`/api/v1/friends/${ids.dan}`)).status).toBe(404);
  });

  it("another member cannot touch a pair's invite or friendship they are not part of", async () => {
    await ok(as.eve!.post(`/api/v1/friends/${ids.dan}`), 201);
    // cat, with the ids of eve and dan, reaches nothing of theirs
    for (const res of [
      await as.cat!.post(`/api/v1/friends/${ids.eve}/accept`),
      await as.cat!.post(`/api/v1/friends/${ids.eve}/decline`),
      await as.cat!.delete(`/api/v1/friends/${ids.dan}`),
      await as.cat!.delete(`/api/v1/friends/${ids.bob}`),
    ])
      expect(res.status).toBe(404);
    expect(await friendRows('eve', 'dan')).toMatchObject([{ status: 'pending' }]);
    expect(await friendRows('ann', 'bob')).toMatchObject([{ status: 'accepted' }]);
    expect(names(await list('cat', 'friends?tab=received'))).toEqual([]);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const self = await as.ann!.post(`/api/v1/friends/${ids.ann}`);
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe(messages.connections.self);
    expect((await as.ann!.post(`/api/v1/friends/${encodeURIComponent("x' or 1=1")}`)).status).toBe(400);
    expect((await as.ann!.post('/api/v1/friends/nobody-at-all')).status).toBe(404);
    expect((await as.ann!.get('/api/v1/friends?tab=enemies')).status).toBe(400);
    expect((await as.ann!.get('/api/v1/friends?limit=0')).status).toBe(400);
    expect((await as.ann!.get('/api/v1/friends?cursor=bm90LWpzb24')).status).toBe(400);
    expect((await as.ann!.post('/api/v1/connections/seen', { what: 'everything' })).status).toBe(400);
    expect(await t.database.db.select().from(friendships).where(eq(friendships.inviterId, ids.ann!))).toHaveLength(1);
  });
});

describe('winks', () => {
  it('one wink per member per other member per London day, with fake time', async () => {
    let now = new Date('2026-06-01T22:30:00Z'); // 23:30 in London (summer time)
    const service = connectionsService(connectionsRepository(t.database.db), { cursors: testCursors, clock: () => now });
    await service.wink(ids.cat!, ids.dan!);
    await expect(service.wink(ids.cat!, ids.dan!)).rejects.toMatchObject({ status: 409, message: messages.connections.winkedToday });
    expect(await service.state(ids.cat!, ids.dan!)).toMatchObject({ winkedToday: true });
    now = new Date('2026-06-01T23:10:00Z'); // 00:10 the next London day
    expect(await service.state(ids.cat!, ids.dan!)).toMatchObject({ winkedToday: false });
    await service.wink(ids.cat!, ids.dan!);
    // a wink back is dan's own
    await service.wink(ids.dan!, ids.cat!);
    expect((await winkRows('cat')).map((w) => w.day).sort()).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('over HTTP: a second wink the same day is a 409 with the message; lists and NEW counts', async () => {
    await ok(as.ann!.post(`/api/v1/winks/${ids.eve}`), 204);
    const again = await as.ann!.post(`/api/v1/winks/${ids.eve}`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(messages.connections.winkedToday);
    expect(await winkRows('ann')).toHaveLength(1);
    expect(await state('ann', 'eve')).toMatchObject({ winkedToday: true });
    expect(names(await list('eve', 'winks'))).toEqual(['ann']);
    expect(names(await list('ann', 'winks?tab=sent'))).toEqual(['eve']);
    expect(names(await list('ann', 'winks'))).toEqual([]);
    expect(await summary('eve')).toMatchObject({ winksNew: 1 });
    await ok(as.eve!.post('/api/v1/connections/seen', { what: 'winks' }), 204);
    expect(await summary('eve')).toMatchObject({ winksNew: 0 });
    expect((await as.ann!.post(`/api/v1/winks/${ids.ann}`)).status).toBe(400);
    expect((await as.ann!.get('/api/v1/winks?tab=all')).status).toBe(400);
  });
});

describe('hotlist', () => {
  it('adds, lists newest first (private to the member) and removes', async () => {
    await ok(as.pager!.request('PUT', `/api/v1/hotlist/${ids.cat}`), 204);
    await ok(as.pager!.request('PUT', `/api/v1/hotlist/${ids.dan}`), 204);
    await ok(as.pager!.request('PUT', `/api/v1/hotlist/${ids.dan}`), 204);
    const page = await list('pager', 'hotlist');
    expect(names(page)).toEqual(['dan', 'cat']);
    expect(page.items[0]).toMatchObject({ joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/), at: expect.stringMatching(/Z$/) });
    expect(Date.parse(page.items[0]!.joinedAt)).not.toBeNaN();
    expectNoPositionIn(page);
    expect(await state('pager', 'dan')).toMatchObject({ hotlisted: true });
    expect(await summary('pager')).toMatchObject({ hotlist: 2 });
    // nobody else sees it, nor can take anyone off it
    expect((await list('dan', 'hotlist')).items).toEqual([]);
    expect((await as.dan!.delete(`/api/v1/hotlist/${ids.cat}`)).status).toBe(404);
    expect(await hotRows('pager')).toHaveLength(2);

    await ok(as.pager!.delete(`/api/v1/hotlist/${ids.dan}`), 204);
    expect(names(await list('pager', 'hotlist'))).toEqual(['cat']);
    expect((await as.pager!.delete(`/api/v1/hotlist/${ids.dan}`)).status).toBe(404);
  });

  it('pages with a keyset cursor, neither repeating nor skipping', async () => {
    for (const name of ['ann', 'bob', 'eve']) await ok(as.pager!.request('PUT', `/api/v1/hotlist/${ids[name]}`), 204);
    const first = await list('pager', 'hotlist?limit=2');
    expect(names(first)).toEqual(['eve', 'bob']);
    const second = await list('pager', `hotlist?limit=2&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['ann', 'cat']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('blocks and anonymous mode', () => {
  it('a blocked pair, either direction, can neither invite, wink nor hotlist: 404 and nothing stored', async () => {
    for (const [who, other] of [
      ['ann', 'blocker'],
      ['blocker', 'ann'],
      ['ann', 'blocked'],
      ['blocked', 'ann'],
    ] as const) {
      for (const res of [
        await as[who]!.post(`/api/v1/friends/${ids[other]}`),
        await as[who]!.post(`/api/v1/winks/${ids[other]}`),
        await as[who]!.request('PUT', `/api/v1/hotlist/${ids[other]}`),
        await as[who]!.get(`/api/v1/connections/${ids[other]}`),
      ])
        expect(res.status, `${who} → ${other}`).toBe(404);
      expect(await friendRows(who, other)).toEqual([]);
      expect((await winkRows(who)).filter((w) => w.receiverId === ids[other])).toEqual([]);
      expect((await hotRows(who)).filter((h) => h.memberId === ids[other])).toEqual([]);
    }
  });

  it('a block hides earlier invites, friendships, winks and hotlist rows while it stands (rows kept)', async () => {
    await ok(as.bob!.post(`/api/v1/winks/${ids.cat}`), 204);
    await ok(as.bob!.request('PUT', `/api/v1/hotlist/${ids.cat}`), 204);
    await ok(as.bob!.post(`/api/v1/friends/${ids.cat}`), 201);
    const [block] = await t.database.db.insert(userBlocks).values({ blockerId: ids.cat!, blockedId: ids.bob! }).returning();
    expect(names(await list('bob', 'hotlist'))).not.toContain('cat');
    expect(names(await list('bob', 'winks?tab=sent'))).not.toContain('cat');
    expect(names(await list('cat', 'winks'))).not.toContain('bob');
    expect(names(await list('cat', 'friends?tab=received'))).not.toContain('bob');
    expect((await summary('cat')).friendInvites).toBe(0);
    // accepting across the block is refused too
    expect((await as.cat!.post(`/api/v1/friends/${ids.bob}/accept`)).status).toBe(404);
    expect(await friendRows('bob', 'cat')).toMatchObject([{ status: 'pending' }]);

    await t.database.db.delete(userBlocks).where(eq(userBlocks.id, block!.id));
    expect(names(await list('cat', 'friends?tab=received'))).toContain('bob');
    expect(names(await list('bob', 'hotlist'))).toContain('cat');
  });

  it('an anonymous member may act, and the other member sees it (they chose to); the profile by link allows acting on them', async () => {
    await ok(as.anon!.post(`/api/v1/winks/${ids.dan}`), 204);
    await ok(as.anon!.post(`/api/v1/friends/${ids.dan}`), 201);
    expect(names(await list('dan', 'winks'))).toContain('anon');
    expect(names(await list('dan', 'friends?tab=received'))).toContain('anon');
    await ok(as.dan!.request('PUT', `/api/v1/hotlist/${ids.anon}`), 204);
  });
});

describe('summary', () => {
  it('counts matches, profile views and likes received of members the member may see', async () => {
    const db = t.database.db;
    await db.insert(likes).values([
      { likerId: ids.eve!, likedId: ids.dan!, liked: true },
      { likerId: ids.dan!, likedId: ids.eve!, liked: true },
      { likerId: ids.cat!, likedId: ids.dan!, liked: true },
      { likerId: ids.bob!, likedId: ids.dan!, liked: false },
      { likerId: ids.blocked!, likedId: ids.ann!, liked: true },
    ]);
    await db.insert(profileViews).values([
      { viewedId: ids.dan!, viewerId: ids.eve!, day: '2026-01-01' },
      { viewedId: ids.dan!, viewerId: ids.eve!, day: '2026-01-02' },
      { viewedId: ids.ann!, viewerId: ids.blocked!, day: '2026-01-02' },
    ]);
    expect(await summary('dan')).toMatchObject({ matches: 1, likedYou: 2, profileViews: 2 });
    // ann blocked the member who liked and looked: not counted
    expect(await summary('ann')).toMatchObject({ likedYou: 0, profileViews: 0 });
  });

  it('the Like state on a profile follows the like API', async () => {
    expect(await state('cat', 'dan')).toMatchObject({ liked: true });
    await ok(as.ann!.post(`/api/v1/discover/${ids.eve}/like`));
    expect(await state('ann', 'eve')).toMatchObject({ liked: true });
    expect(await state('ann', 'dan')).toMatchObject({ liked: false });
  });
});
