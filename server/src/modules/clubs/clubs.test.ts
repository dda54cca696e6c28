import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ClubDetail, ClubReviewsResponse, ClubsResponse } from '@velvet/core/schemas/club.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { clubReviews, clubs, clubSuggestions, profiles, user, userBlocks } from '../../db/schema/index';

let t: TestApp;
const ids: Record<string, string> = {};
const as: Record<string, Client> = {};
const club: Record<string, string> = {};

const DAY = 86_400_000;

async function listed(name: string, town: string, region: string, daysAgo = 90) {
  const [row] = await t.database.db
    .insert(clubs)
    .values({ name, town, region, description: `${name} in ${town}`, addedAt: new Date(Date.now() - daysAgo * DAY) })
    .returning({ id: clubs.id });
  club[name] = row!.id;
}

const directory = async (query = '', who = 'ann') => {
  const res = await as[who]!.get(`/api/v1/clubs${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ClubsResponse;
};
const names = (r: ClubsResponse) => r.items.map((c) => c.name);
const page = async (name: string, who = 'ann') => {
  const res = await as[who]!.get(`/api/v1/clubs/${club[name]}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ClubDetail;
};
const reviewsOf = async (name: string, who = 'ann', query = '') => {
  const res = await as[who]!.get(`/api/v1/clubs/${club[name]}/reviews${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ClubReviewsResponse;
};
const review = (who: string, name: string, body: unknown) => as[who]!.request('PUT', `/api/v1/clubs/${club[name]}/review`, body);

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['ann', 'bob', 'cat', 'dan', 'mod']) {
    const made = await finishedMember(t, name, { city: 'Manchester' });
    ids[name] = made.id;
    as[name] = made.c;
  }
  await listed('Velvet Room', 'Camden', 'London');
  await listed('Mill Street Masquerade', 'Manchester', 'North West');
  await listed('The Red Lounge', 'Manchester', 'North West', 3);
  await listed('Cheshire Cat Club', 'Chester', 'North West');
  await listed('Bay Lights Club', 'Cardiff', 'Wales');
  await listed('100% Social', 'Leeds', 'North East');
});
afterAll(() => t?.close());

describe('the clubs directory (spec §2 Clubs)', () => {
  it('lists every club by region in the page order, then name, with region counts and the towns', async () => {
    const all = await directory();
    expect(names(all)).toEqual([
      'Velvet Room',
      'Cheshire Cat Club',
      'Mill Street Masquerade',
      'The Red Lounge',
      '100% Social',
      'Bay Lights Club',
    ]);
    expect(all.regions).toEqual(
      expect.arrayContaining([
        { region: 'London', count: 1 },
        { region: 'North West', count: 3 },
        { region: 'Wales', count: 1 },
        { region: 'North East', count: 1 },
      ]),
    );
    expect(all.locations).toEqual(['Camden', 'Cardiff', 'Chester', 'Leeds', 'Manchester']);
  });

  it('searches name or town case-insensitively as a substring, the location box the town, and the region together', async () => {
    expect(names(await directory('?q=VELVET'))).toEqual(['Velvet Room']);
    expect(names(await directory('?q=manch'))).toEqual(['Mill Street Masquerade', 'The Red Lounge']);
    // the location box matches towns only: 'chester' is in Manchester and Chester, never a name
    expect(names(await directory('?location=chester'))).toEqual(['Cheshire Cat Club', 'Mill Street Masquerade', 'The Red Lounge']);
    expect(names(await directory('?location=cat'))).toEqual([]);
    expect(names(await directory('?q=club&location=card'))).toEqual(['Bay Lights Club']);
    expect(names(await directory('?q=club&region=North%20West'))).toEqual(['Cheshire Cat Club']);
    expect(names(await directory('?q=manch&region=London'))).toEqual([]);
    // the counts follow the texts, not the region chosen
    const counted = await directory('?q=club&region=Wales');
    expect(counted.regions).toEqual(
      expect.arrayContaining([
        { region: 'North West', count: 1 },
        { region: 'Wales', count: 1 },
      ]),
    );
    // LIKE's wildcards are matched as typed
    expect(names(await directory('?q=%25'))).toEqual(['100% Social']);
    expect(names(await directory('?q=_'))).toEqual([]);
  });

  it('refuses a region it does not know and an oversized search with a clear 400', async () => {
    for (const q of ['?region=Mars', `?q=${'x'.repeat(61)}`, '?q=%00']) {
      const res = await as.ann!.get(`/api/v1/clubs${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
  });

  it("marks clubs listed in the last 30 days 'New'", async () => {
    const all = await directory();
    expect(all.items.find((c) => c.name === 'The Red Lounge')!.isNew).toBe(true);
    expect(all.items.find((c) => c.name === 'Velvet Room')!.isNew).toBe(false);
  });

  it('answers 401 signed out and 404 for a club that does not exist, 400 for a malformed id', async () => {
    const visitor = client(t);
    for (const [method, url] of [
      ['GET', '/api/v1/clubs'],
      ['GET', `/api/v1/clubs/${club['Velvet Room']}`],
      ['GET', `/api/v1/clubs/${club['Velvet Room']}/reviews`],
      ['PUT', `/api/v1/clubs/${club['Velvet Room']}/review`],
      ['DELETE', `/api/v1/clubs/${club['Velvet Room']}/review`],
      ['POST', '/api/v1/clubs/suggestions'],
      ['GET', '/api/v1/clubs/suggestions'],
    ] as const)
      expect((await visitor.request(method, url, method === 'PUT' || method === 'POST' ? {} : undefined)).status, url).toBe(401);
    expect((await as.ann!.get('/api/v1/clubs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await as.ann!.get('/api/v1/clubs/not-a-club')).status).toBe(400);
  });
});

describe('reviews', () => {
  it('one review per member per club: written, rewritten, counted and averaged', async () => {
    let res = await review('ann', 'Velvet Room', { rating: 5, text: 'Lovely night.' });
    expect(res.status, res.text).toBe(200);
    expect((res.json as ClubDetail).myReview).toMatchObject({ rating: 5, text: 'Lovely night.', mine: true });
    res = await review('ann', 'Velvet Room', { rating: 4, text: 'Still good.' });
    expect(res.status).toBe(200);
    expect((await review('bob', 'Velvet Room', { rating: 2 })).status).toBe(200);
    const seen = await page('Velvet Room', 'cat');
    expect(seen).toMatchObject({ reviews: 2, newReviews: 2, rating: 3, myReview: null });
    expect((await reviewsOf('Velvet Room', 'cat')).items.map((r) => [r.author?.username, r.rating, r.text])).toEqual([
      ['bob', 2, ''],
      ['ann', 4, 'Still good.'],
    ]);
    const rows = await t.database.db.select().from(clubReviews).where(eq(clubReviews.clubId, club['Velvet Room']!));
    expect(rows).toHaveLength(2);
  });

  it('counts only reviews of the last 30 days as new', async () => {
    await review('cat', 'Bay Lights Club', { rating: 3 });
    await review('dan', 'Bay Lights Club', { rating: 5 });
    await t.database.db
      .update(clubReviews)
      .set({ createdAt: new Date(Date.now() - 45 * DAY) })
      .where(eq(clubReviews.authorId, ids.cat!));
    expect(await page('Bay Lights Club')).toMatchObject({ reviews: 2, newReviews: 1, rating: 4 });
  });

  it('refuses bad ratings and oversized text with a clear 400, and stores nothing', async () => {
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: '5' },
      { rating: 3, text: 'x'.repeat(2001) },
      { text: 'no stars' },
      {},
    ]) {
      const res = await review('cat', 'Mill Street Masquerade', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
    expect((await page('Mill Street Masquerade')).reviews).toBe(0);
    // markup is kept as the text it is (the page shows it as text)
    const res = await review('cat', 'Mill Street Masquerade', { rating: 3, text: '<b>bold</b>' });
    expect((res.json as ClubDetail).myReview!.text).toBe('<b>bold</b>');
  });

  it('a member deletes their own review only', async () => {
    await review('dan', 'Cheshire Cat Club', { rating: 4 });
    // ann has no review there: her delete touches nothing of dan's
    expect((await as.ann!.delete(`/api/v1/clubs/${club['Cheshire Cat Club']}/review`)).status).toBe(404);
    expect((await page('Cheshire Cat Club')).reviews).toBe(1);
    expect((await as.dan!.delete(`/api/v1/clubs/${club['Cheshire Cat Club']}/review`)).status).toBe(204);
    expect((await page('Cheshire Cat Club')).reviews).toBe(0);
    expect((await as.dan!.delete(`/api/v1/clubs/${club['Cheshire Cat Club']}/review`)).status).toBe(404);
  });

  it('hides reviews across a block either way, and does not name an anonymous author', async () => {
    await review('bob', 'The Red Lounge', { rating: 5, text: 'From bob' });
    await review('cat', 'The Red Lounge', { rating: 4, text: 'From cat' });
    await t.database.db.insert(userBlocks).values({ blockerId: ids.bob!, blockedId: ids.ann! });
    await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, ids.cat!));
    const forAnn = await reviewsOf('The Red Lounge', 'ann');
    expect(forAnn.items.map((r) => [r.author?.username ?? null, r.text])).toEqual([[null, 'From cat']]);
    // cat still sees her own review as hers
    expect((await reviewsOf('The Red Lounge', 'cat')).items.find((r) => r.mine)!.author!.username).toBe('cat');
    await t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, ids.bob!));
    await t.database.db.update(profiles).set({ anonymousMode: false }).where(eq(profiles.userId, ids.cat!));
  });

  it('pages reviews newest first with a cursor, and refuses a forged one', async () => {
    const many = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(sql`true`);
    const at = Date.now() - DAY;
    await t.database.db
      .insert(clubReviews)
      .values(
        many
          .slice(0, 5)
          .map((u, i) => ({ clubId: club['100% Social']!, authorId: u.id, rating: 3, body: `r${i}`, createdAt: new Date(at + i * 1000) })),
      );
    const first = await reviewsOf('100% Social');
    expect(first.items.map((r) => r.text)).toEqual(['r4', 'r3', 'r2', 'r1', 'r0']);
    expect(first.nextCursor).toBeNull();
    expect((await as.ann!.get(`/api/v1/clubs/${club['100% Social']}/reviews?cursor=abc`)).status).toBe(400);
  });
});

describe('suggestions', () => {
  it('a member suggests a club; moderators alone read the queue and decide, once', async () => {
    const bad = await as.bob!.post('/api/v1/clubs/suggestions', { name: 'X', town: 'Y', region: 'Mars' });
    expect(bad.status).toBe(400);
    const sent = await as.bob!.post('/api/v1/clubs/suggestions', {
      name: 'Harbour Nights',
      town: 'Hull',
      region: 'North East',
      details: 'harbournights.example',
    });
    expect(sent.status, sent.text).toBe(201);
    const id = sent.json.id as string;

    expect((await as.bob!.get('/api/v1/clubs/suggestions')).status).toBe(403);
    expect((await as.bob!.post(`/api/v1/clubs/suggestions/${id}/decision`, { decision: 'approve' })).status).toBe(403);
    expect(names(await directory('?q=harbour'))).toEqual([]);

    await t.database.db.update(user).set({ role: 'moderator' }).where(eq(user.id, ids.mod!));
    // the role reaches the session cache through the database's change notice: wait for it
    await expect.poll(async () => (await as.mod!.get('/api/v1/clubs/suggestions')).status).toBe(200);
    const queue = (await as.mod!.get('/api/v1/clubs/suggestions')).json;
    expect(queue.items).toEqual([
      expect.objectContaining({ id, name: 'Harbour Nights', suggestedBy: expect.objectContaining({ username: 'bob' }) }),
    ]);

    expect((await as.mod!.post(`/api/v1/clubs/suggestions/${id}/decision`, { decision: 'reject' })).status).toBe(400);
    const approved = await as.mod!.post(`/api/v1/clubs/suggestions/${id}/decision`, { decision: 'approve' });
    expect(approved.status, approved.text).toBe(200);
    expect(names(await directory('?q=harbour'))).toEqual(['Harbour Nights']);
    expect((await as.mod!.post(`/api/v1/clubs/suggestions/${id}/decision`, { decision: 'reject', reason: 'late' })).status).toBe(409);
    const [row] = await t.database.db.select().from(clubSuggestions).where(eq(clubSuggestions.id, id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: ids.mod, clubId: approved.json.clubId });
  });
});
