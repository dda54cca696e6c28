import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app';
import { client, type Client } from '../../test/http';
import { finishedMember } from '../../test/members';
import { activities, clubReviews, clubs, friendships, hotlist, likes, reports, requestQuota, winks } from '../db/schema/index';
import { RATE_LIMITS, type RateLimitName } from '../config/rate-limits';
import { TOO_MANY_REQUESTS } from './rate-limit';

/**
 * Every action one member can repeat against others has a cap per member, a minute's and a day's
 * (config/rate-limits.ts, wired in app.ts). Members are made on an app with limits off, then act
 * through a second instance on the same database with them on, as production runs.
 */
let t: TestApp;
const ids: Record<string, string> = {};
const as: Record<string, Client> = {};
const club: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // ann and amy act; bob is acted on until the cap, cat is the one the refused request was for; dan is someone else
  for (const name of ['ann', 'amy', 'bob', 'cat', 'dan']) {
    const made = await finishedMember(t, name, { city: 'Manchester' });
    ids[name] = made.id;
    as[name] = made.c;
  }
  // a club stands where a member would (bob's place is the one reviewed until the cap, cat's the refused one)
  for (const name of ['bob', 'cat']) {
    const [row] = await t.database.db
      .insert(clubs)
      .values({ name: `${name} club`, town: 'Manchester', region: 'North West' })
      .returning({ id: clubs.id });
    club[name] = row!.id;
  }
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<Client['request']>>;
interface Action {
  name: string;
  limit: RateLimitName & ('wink' | 'friend-invite' | 'like' | 'hotlist-add' | 'club-review' | 'report');
  /** the status it answers when it works */
  done: number;
  send(c: Client, to: string): Promise<Res>;
  /** the rows it left from one member for a target */
  rows(from: string, to: string): Promise<number>;
}

const rowsWhere = async (table: PgTable, where: SQL | undefined) => {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(where);
  return row!.n;
};

const actions: Action[] = [
  {
    name: 'winks',
    limit: 'wink',
    done: 204,
    send: (c, to) => c.post(`/api/v1/winks/${ids[to]}`),
    rows: (from, to) => rowsWhere(winks, and(eq(winks.senderId, ids[from]!), eq(winks.receiverId, ids[to]!))),
  },
  {
    name: 'friend invites',
    limit: 'friend-invite',
    done: 201,
    send: (c, to) => c.post(`/api/v1/friends/${ids[to]}`),
    rows: (from, to) => rowsWhere(friendships, and(eq(friendships.inviterId, ids[from]!), eq(friendships.inviteeId, ids[to]!))),
  },
  {
    name: 'likes',
    limit: 'like',
    done: 200,
    send: (c, to) => c.post(`/api/v1/discover/${ids[to]}/like`),
    rows: (from, to) => rowsWhere(likes, and(eq(likes.likerId, ids[from]!), eq(likes.likedId, ids[to]!))),
  },
  {
    name: 'hotlist adds',
    limit: 'hotlist-add',
    done: 204,
    send: (c, to) => c.request('PUT', `/api/v1/hotlist/${ids[to]}`),
    rows: (from, to) => rowsWhere(hotlist, and(eq(hotlist.userId, ids[from]!), eq(hotlist.memberId, ids[to]!))),
  },
  {
    name: 'club reviews',
    limit: 'club-review',
    done: 200,
    send: (c, to) => c.request('PUT', `/api/v1/clubs/${club[to]}/review`, { rating: 2, text: 'Not for us.' }),
    rows: (from, to) => rowsWhere(clubReviews, and(eq(clubReviews.authorId, ids[from]!), eq(clubReviews.clubId, club[to]!))),
  },
  {
    name: 'reports',
    limit: 'report',
    done: 201,
    send: (c, to) => c.post('/api/v1/reports', { targetType: 'member', targetId: ids[to], reason: 'spam_or_scam' }),
    rows: (from, to) => rowsWhere(reports, and(eq(reports.reporterId, ids[from]!), eq(reports.targetId, ids[to]!))),
  },
];

const activityFrom = (from: string, to: string) =>
  rowsWhere(activities, and(eq(activities.actorId, ids[from]!), eq(activities.recipientId, ids[to]!)));

let limited: TestApp | undefined;
/** A server instance with rate limits on, counting from nothing (its counter is new; on PostgreSQL the shared one is emptied). */
async function limitedInstance() {
  await t.database.db.delete(requestQuota);
  limited = await createSecondInstance(t, { RATE_LIMITS: 'on' });
  const on = limited;
  return (who: string): Client => {
    const twin = client(on);
    for (const [k, v] of as[who]!.jar) twin.jar.set(k, v);
    return twin;
  };
}
afterEach(async () => {
  vi.useRealTimers();
  await limited?.close();
  limited = undefined;
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A 429 in the product's words whose Retry-After (seconds) is within [least, most]. */
const expectRefused = (res: Res, least: number, most: number) => {
  expect(res.status, res.text).toBe(429);
  expect(res.json.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(least);
  expect(retryAfter).toBeLessThanOrEqual(most);
};

describe.each(actions)('$name', (action) => {
  const perMinute = RATE_LIMITS[action.limit];
  const perDay = RATE_LIMITS[`${action.limit}:day`];

  it('refuses the request past the minute’s cap with 429 and Retry-After, and it changes nothing; another member goes on', async () => {
    expect(perMinute.windowMs).toBe(MINUTE);
    const on = await limitedInstance();
    const ann = on('ann');
    const first = await action.send(ann, 'bob');
    expect(first.status, first.text).toBe(action.done);
    for (let i = 1; i < perMinute.max; i++) expect((await action.send(ann, 'bob')).status).not.toBe(429);

    const activityBefore = await activityFrom('ann', 'cat');
    expectRefused(await action.send(ann, 'cat'), 1, 60);
    expect(await action.rows('ann', 'cat')).toBe(0);
    expect(await activityFrom('ann', 'cat')).toBe(activityBefore);

    // the count is ann's: dan does the same to cat, and a visitor is told to sign in, not to wait
    const dan = await action.send(on('dan'), 'cat');
    expect(dan.status, dan.text).toBe(action.done);
    expect(await action.rows('dan', 'cat')).toBe(1);
    expect((await action.send(client(limited!), 'cat')).status).toBe(401);
  });

  it('refuses the request past the day’s cap, paced under the minute’s, until the day has passed', async () => {
    expect(perDay.windowMs).toBe(DAY);
    expect(perDay.max).toBeGreaterThan(perMinute.max);
    // only the clock of Date moves on (a minute's pause is a jump, no sleep); timers run as ever
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const on = await limitedInstance();
    const amy = on('amy');
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
    for (let i = 0; i < perDay.max; i++) {
      if (i > 0 && i % perMinute.max === 0) later(MINUTE);
      const res = await action.send(amy, 'bob');
      expect(res.status, `request ${i + 1}: ${res.text}`).not.toBe(429);
    }
    later(MINUTE);
    const activityBefore = await activityFrom('amy', 'cat');
    // the day's window began with the first request, some minutes ago
    expectRefused(await action.send(amy, 'cat'), DAY / 1000 - 3600, DAY / 1000);
    expect(await action.rows('amy', 'cat')).toBe(0);
    expect(await activityFrom('amy', 'cat')).toBe(activityBefore);

    later(DAY);
    const nextDay = await action.send(amy, 'cat');
    expect(nextDay.status, nextDay.text).toBe(action.done);
    expect(await action.rows('amy', 'cat')).toBe(1);
  }, 120_000); // a thousand likes on a slow machine
});
