import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFile } from 'node:fs/promises';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { messages as text } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, signedInMember, type Client } from '../../../test/http';
import { messages, profiles, user, userBlocks } from '../../db/schema/index';

let t: TestApp;
let a: Client;
let b: Client;
let c: Client;
let aId: string;
let bId: string;
let cId: string;

const api = '/api/v1/messages';
const send = (from: Client, to: string, content: unknown, clientId?: string) =>
  from.post(`${api}/conversations/${to}/messages`, clientId === undefined ? { content } : { content, clientId });
const thread = (who: Client, other: string, query = '') => who.get(`${api}/conversations/${other}/messages${query}`);
const put = (who: Client, url: string) => who.request('PUT', url, {});
const json = { 'content-type': 'application/json' };

/** The events the hub published (each NOTIFY payload) while `fn` ran. */
async function published(fn: () => Promise<unknown>) {
  const notify = vi.spyOn(t.database, 'notify');
  try {
    await fn();
    return notify.mock.calls.flatMap(([, payloads]) =>
      payloads.map((payload) => JSON.parse(payload) as { k: string; to: string[]; e: { type: string; payload: any } }),
    );
  } finally {
    notify.mockRestore();
  }
}

/** Rows between two members, straight from the database. */
async function storedBetween(x: string, y: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(messages)
    .where(or(and(eq(messages.senderId, x), eq(messages.receiverId, y)), and(eq(messages.senderId, y), eq(messages.receiverId, x))));
  return row!.n;
}

async function member(email: string, username: string) {
  const m = await signedInMember(t, email);
  const id = (await m.get('/api/v1/me')).json.user.id as string;
  const res = await m.post('/api/v1/profiles', { username, displayName: username.replace('_', ' ') });
  if (res.status !== 201) throw new Error(`profile: ${res.status} ${res.text}`);
  return { m, id };
}

beforeAll(async () => {
  t = await createTestApp();
  [{ m: a, id: aId }, { m: b, id: bId }, { m: c, id: cId }] = await Promise.all([
    member('ada@example.com', 'ada_lovelace'),
    member('ben@example.com', 'ben_nevis'),
    member('cat@example.com', 'cat_stevens'),
  ]);
});
afterAll(() => t.close());

describe('sending', () => {
  it('stores the trimmed text as a text message and returns the stored row', async () => {
    const res = await send(a, bId, '  Hello Ben  ', 'first-1');
    expect(res.status).toBe(201);
    expect(res.json.replayed).toBe(false);
    expect(res.json.message).toMatchObject({
      clientId: 'first-1',
      senderId: aId,
      receiverId: bId,
      content: 'Hello Ben',
      messageType: 'text',
      readAt: null,
    });
    expect(new Date(res.json.message.createdAt).toISOString()).toBe(res.json.message.createdAt);
  });

  it('refuses blank, too long and malformed messages with clear words, storing nothing', async () => {
    const before = await storedBetween(aId, bId);
    for (const blank of ['', '   ', '\n\t ']) {
      const res = await send(a, bId, blank);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(text.messaging.empty);
    }
    const long = await send(a, bId, 'x'.repeat(5001));
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe('Message is too long');
    expect((await send(a, bId, 5)).status).toBe(400);
    expect((await send(a, bId, 'ok', 'has space')).json.error.message).toBe(text.messaging.badClientId);
    expect((await a.post(`${api}/conversations/${bId}/messages`, '{"content":', json)).status).toBe(400);
    expect((await a.post(`${api}/conversations/${bId}/messages`, 'content=hi', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await storedBetween(aId, bId)).toBe(before);
  });

  it('counts characters as people do: 5000 emoji fit, and surrounding spaces do not count', async () => {
    const emoji = await send(a, bId, '😀'.repeat(5000));
    expect(emoji.status).toBe(201);
    expect([...emoji.json.message.content].length).toBe(5000);
    expect((await send(a, bId, `  ${'y'.repeat(5000)}  `)).status).toBe(201);
    await a.delete(`${api}/${emoji.json.message.id}`);
  });

  it('refuses an unknown receiver (404), a malformed id and the sender themselves (400) and a signed-out caller (401)', async () => {
    const unknown = await send(a, 'no-such-member', 'hi');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(text.messaging.recipientNotFound);
    const malformed = await send(a, 'bad id!', 'hi');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe(text.ids.member);
    const self = await send(a, aId, 'hi me');
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe(text.messaging.self);
    expect((await send(client(t), bId, 'hi')).status).toBe(401);
    expect((await client(t).get(`${api}/conversations`)).status).toBe(401);
  });

  it('is idempotent on the client id: a retry returns the same stored row, and stores one', async () => {
    let first!: Awaited<ReturnType<typeof send>>;
    let again!: Awaited<ReturnType<typeof send>>;
    const onFirst = await published(async () => (first = await send(a, bId, 'Only once', 'retry-me')));
    const onRetry = await published(async () => (again = await send(a, bId, 'Only once', 'retry-me')));
    expect(onFirst).toEqual([{ k: 'to', to: [aId, bId], e: { type: 'message.created', payload: { message: first.json.message } } }]);
    expect(onRetry).toEqual([]);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.replayed).toBe(true);
    expect(again.json.message.id).toBe(first.json.message.id);
    const rows = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, aId), eq(messages.clientId, 'retry-me')));
    expect(rows).toHaveLength(1);
    // the same id for another conversation or other text is a client bug, not a retry
    expect((await send(a, cId, 'Only once', 'retry-me')).status).toBe(409);
    expect((await send(a, bId, 'Something else', 'retry-me')).status).toBe(409);
    // another sender may use the same client id
    expect((await send(b, aId, 'Only once', 'retry-me')).status).toBe(201);
  });

  it('stores injection strings, HTML and odd unicode verbatim as text', async () => {
    const samples = [
      "'; drop table messages; --",
      '<script>alert("x")</script><img src=x onerror=alert(1)>',
      '100% of_names \\ like %_%',
      'Zoë 👩‍❤️‍👩 مرحبا 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      'line one\nline two',
    ];
    for (const sample of samples) {
      const res = await send(a, cId, sample);
      expect(res.status).toBe(201);
      expect(res.json.message.content).toBe(sample);
    }
    // NUL cannot be stored by PostgreSQL: it is dropped, never a 500
    const nul = await send(a, cId, 'a\u0000b');
    expect(nul.status).toBe(201);
    expect(nul.json.message.content).toBe('ab');
    const lone = await a.post(`${api}/conversations/${cId}/messages`, '{"content":"x\\ud800y"}', json);
    expect(lone.status).toBe(201);
    const list = await thread(c, aId);
    expect(list.json.items.map((m: { content: string }) => m.content)).toEqual(expect.arrayContaining(samples));
  });
});

describe('threads, reading and unread counts', () => {
  let dId: string;
  let d: Client;
  let e: Client;
  let eId: string;

  beforeAll(async () => {
    ({ m: d, id: dId } = await member('dan@example.com', 'dan_brown'));
    ({ m: e, id: eId } = await member('eve@example.com', 'eve_online'));
    for (let i = 1; i <= 7; i++) expect((await send(d, eId, `d→e ${i}`)).status).toBe(201);
  });

  it('pages backwards through a thread, oldest → newest within each page, with no gaps or repeats', async () => {
    for (let i = 1; i <= 5; i++) await send(i % 2 ? d : b, i % 2 ? bId : dId, `msg ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await thread(d, bId, `?limit=2${cursor ? `&before=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const items = res.json.items as { content: string; createdAt: string }[];
      expect(items.map((m) => m.createdAt)).toEqual([...items.map((m) => m.createdAt)].sort());
      seen.unshift(...items.map((m) => m.content));
      cursor = res.json.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['msg 1', 'msg 2', 'msg 3', 'msg 4', 'msg 5']);
    expect((await thread(d, bId, '?before=not-a-cursor')).status).toBe(400);
    expect((await thread(d, bId, '?limit=abc')).status).toBe(400);
  });

  it('marks what the reader received as read when they open the thread, and tells both sides', async () => {
    expect((await e.get(`${api}/unread-count`)).json.count).toBe(7);
    let opened!: Awaited<ReturnType<typeof thread>>;
    const events = await published(async () => (opened = await thread(e, dId)));
    expect(opened.json.items).toHaveLength(7);
    expect(opened.json.items.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    expect(events).toEqual([
      {
        k: 'to',
        to: [eId, dId],
        e: { type: 'message.read', payload: expect.objectContaining({ readerId: eId, senderId: dId, count: 7 }) },
      },
    ]);
    expect((await e.get(`${api}/unread-count`)).json.count).toBe(0);
    // the sender sees them read
    expect((await thread(d, eId)).json.items.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    // POST read does the same on demand; nothing left to mark
    await send(d, eId, 'one more');
    expect((await e.get(`${api}/unread-count`)).json.count).toBe(1);
    expect((await e.post(`${api}/conversations/${dId}/read`)).json.count).toBe(1);
    expect((await e.post(`${api}/conversations/${dId}/read`)).json.count).toBe(0);
    expect((await e.get(`${api}/unread-count`)).json.count).toBe(0);
  });

  it('lists conversations newest first with the other member, last message, unread count; searchable', async () => {
    const res = await b.get(`${api}/conversations`);
    expect(res.status).toBe(200);
    const ids = res.json.items.map((x: { id: string }) => x.id);
    expect(ids).toEqual([dId, aId]);
    const withA = res.json.items[1];
    expect(withA.otherUser).toMatchObject({
      id: aId,
      username: 'ada_lovelace',
      displayName: 'ada lovelace',
      avatarUrl: null,
      verified: false,
    });
    expect(typeof withA.otherUser.online).toBe('boolean');
    expect(withA.otherUser.lastActiveAt).toEqual(expect.any(String));
    expect(withA.unreadCount).toBeGreaterThan(0);
    expect(withA.lastMessage).toMatchObject({ senderId: bId, content: 'Only once' });
    expect(withA.lastMessageAt).toBe(withA.lastMessage.createdAt);
    expect(withA.starred).toBe(false);
    expect(res.json.items[0].lastMessage.content).toBe('msg 5');

    // a member who hides their last-active time shows neither the time nor an online dot
    await t.database.db.update(profiles).set({ hideLastActive: true }).where(eq(profiles.userId, aId));
    const hidden = (await b.get(`${api}/conversations`)).json.items[1].otherUser;
    expect(hidden).toMatchObject({ id: aId, lastActiveAt: null, online: false });
    await t.database.db.update(profiles).set({ hideLastActive: false }).where(eq(profiles.userId, aId));

    expect((await b.get(`${api}/conversations?q=LOVE`)).json.items.map((x: { id: string }) => x.id)).toEqual([aId]);
    expect((await b.get(`${api}/conversations?q=dan%20br`)).json.items.map((x: { id: string }) => x.id)).toEqual([dId]);
    // wildcards are text: '%' and '_' match only themselves
    expect((await b.get(`${api}/conversations?q=%25`)).json.items).toEqual([]);
    expect((await b.get(`${api}/conversations?q=_`)).json.items.map((x: { id: string }) => x.id).sort()).toEqual([aId, dId].sort());
    expect((await b.get(`${api}/conversations?q=d_n`)).json.items).toEqual([]);
  });
});

describe('deleting', () => {
  it('lets only the sender delete their own message; anyone else gets 404 and nothing changes', async () => {
    const sent = (await send(a, bId, 'delete me soon')).json.message;
    for (const who of [b, c]) {
      const res = await who.delete(`${api}/${sent.id}`);
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe(text.messaging.notFound);
    }
    expect((await thread(b, aId)).json.items.some((m: { id: string }) => m.id === sent.id)).toBe(true);
    expect((await a.delete(`${api}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    // a malformed id is the caller's mistake
    const malformed = await a.delete(`${api}/not-a-uuid`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe(text.ids.message);

    let res!: Awaited<ReturnType<Client['delete']>>;
    const events = await published(async () => (res = await a.delete(`${api}/${sent.id}`)));
    expect(res.status).toBe(200);
    expect(events).toEqual([
      { k: 'to', to: [aId, bId], e: { type: 'message.deleted', payload: { id: sent.id, senderId: aId, receiverId: bId } } },
    ]);
    expect((await thread(b, aId)).json.items.some((m: { id: string }) => m.id === sent.id)).toBe(false);
    expect((await a.delete(`${api}/${sent.id}`)).status).toBe(404);
  });
});

describe('nobody reads another pair', () => {
  it("member C asking for A's thread with B gets only C's own (empty) conversation", async () => {
    const fresh = await member('fay@example.com', 'fay_wray');
    const res = await thread(fresh.m, bId);
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
    expect((await thread(fresh.m, aId)).json.items).toEqual([]);
    expect((await fresh.m.get(`${api}/conversations`)).json.items).toEqual([]);
    expect((await fresh.m.get(`${api}/sent`)).json.items).toEqual([]);
    expect((await fresh.m.get(`${api}/saved`)).json.items).toEqual([]);
    expect((await fresh.m.get(`${api}/unread-count`)).json.count).toBe(0);
    // C's own list holds only C's conversations
    const ids = (await c.get(`${api}/conversations`)).json.items.map((x: { id: string }) => x.id);
    expect(ids).toEqual([aId]);
  });

  it("another member cannot mark someone else's messages read", async () => {
    const unreadBefore = (await b.get(`${api}/unread-count`)).json.count;
    expect(unreadBefore).toBeGreaterThan(0);
    await c.post(`${api}/conversations/${aId}/read`);
    await thread(c, aId);
    expect((await b.get(`${api}/unread-count`)).json.count).toBe(unreadBefore);
  });
});

describe('blocks', () => {
  it('refuse sending both ways (403, nothing stored) and hide the conversation from both', async () => {
    const g = await member('gus@example.com', 'gus_grissom');
    const h = await member('hal@example.com', 'hal_9000');
    expect((await send(g.m, h.id, 'before the block')).status).toBe(201);
    expect((await h.m.get(`${api}/conversations`)).json.items).toHaveLength(1);
    await t.database.db.insert(userBlocks).values({ blockerId: g.id, blockedId: h.id, reason: 'test' });

    const mine = await send(g.m, h.id, 'after');
    expect(mine.status).toBe(403);
    expect(mine.json.error.message).toBe(text.messaging.blockedByYou);
    const theirs = await send(h.m, g.id, 'after');
    expect(theirs.status).toBe(403);
    expect(theirs.json.error.message).toBe(text.messaging.blocked);
    expect(await storedBetween(g.id, h.id)).toBe(1);

    for (const [who, other] of [
      [g.m, h.id],
      [h.m, g.id],
    ] as const) {
      expect((await who.get(`${api}/conversations`)).json.items).toEqual([]);
      expect((await thread(who, other)).status).toBe(403);
      expect((await who.get(`${api}/unread-count`)).json.count).toBe(0);
      expect((await who.get(`${api}/sent`)).json.items).toEqual([]);
    }
  });
});

describe('saved and sent', () => {
  it('stars and unstars a conversation; Saved lists only starred ones', async () => {
    expect((await put(b, `${api}/conversations/${aId}/star`)).status).toBe(200);
    expect((await put(b, `${api}/conversations/${aId}/star`)).status).toBe(200);
    const saved = await b.get(`${api}/saved`);
    expect(saved.json.items.map((x: { id: string }) => x.id)).toEqual([aId]);
    expect(saved.json.items[0].starred).toBe(true);
    const list = (await b.get(`${api}/conversations`)).json.items;
    expect(list.find((x: { id: string }) => x.id === aId).starred).toBe(true);
    expect(list.filter((x: { starred: boolean }) => x.starred)).toHaveLength(1);
    expect((await put(b, `${api}/conversations/no-such-member/star`)).status).toBe(404);
    expect((await put(b, `${api}/conversations/${bId}/star`)).status).toBe(400);
    expect((await b.delete(`${api}/conversations/${aId}/star`)).status).toBe(200);
    expect((await b.get(`${api}/saved`)).json.items).toEqual([]);
  });

  it("lists the member's sent messages newest first with whom they went to", async () => {
    const first = (await send(a, cId, 'newest of all')).json.message;
    const sent = (await a.get(`${api}/sent?limit=3`)).json;
    expect(sent.items[0]).toMatchObject({ id: first.id, receiver: { id: cId, username: 'cat_stevens' } });
    const times = sent.items.map((m: { createdAt: string }) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const next = (await a.get(`${api}/sent?limit=3&cursor=${sent.nextCursor}`)).json;
    expect(next.items[0].createdAt <= times[2]).toBe(true);
    expect(next.items.some((m: { id: string }) => sent.items.some((s: { id: string }) => s.id === m.id))).toBe(false);
  });
});

describe('a member with many conversations', () => {
  it('gets every conversation with the right unread counts, from one query', async () => {
    const m = await member('many@example.com', 'many_friends');
    // 30 other members, written straight to the database; each sends m (i % 4) messages; m writes to some
    const others = Array.from({ length: 30 }, (_, i) => ({ id: `other-${i}`, name: `Other ${i}` }));
    await t.database.db
      .insert(user)
      .values(others.map((o) => ({ id: o.id, name: o.name, email: `${o.id}@example.com`, emailVerified: true })));
    await t.database.db.insert(profiles).values(others.map((o, i) => ({ userId: o.id, username: `other_${i}`, displayName: o.name })));
    const base = Date.now() - 3_600_000;
    const rows = others.flatMap((o, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({
        clientId: `seed-${i}-${k}`,
        senderId: o.id,
        receiverId: m.id,
        content: `from ${i} #${k}`,
        createdAt: new Date(base + i * 60_000 + k * 1000),
      })),
    );
    await t.database.db.insert(messages).values(rows);
    for (const [i, o] of others.entries()) if (i % 4 === 0 || i % 5 === 0) expect((await send(m.m, o.id, `hi ${i}`)).status).toBe(201);

    // a statement goes through drizzle's session (PGlite), or as a named statement straight to the
    // pg pool (PostgreSQL: db/prepared.ts); the member's own session is held in memory by now (their
    // sends looked it up)
    const statements: { mock: { calls: unknown[] }; mockRestore(): void }[] = [vi.spyOn(t.database.db._.session, 'prepareQuery')];
    const pool = (t.database.db as unknown as { $client: { query: () => unknown } }).$client;
    if (t.database.kind === 'postgres') statements.push(vi.spyOn(pool, 'query'));
    const res = await m.m.get(`${api}/conversations?limit=100`);
    expect(statements.reduce((n, spy) => n + spy.mock.calls.length, 0)).toBe(1);
    for (const spy of statements) spy.mockRestore();

    // everyone either wrote to m (i % 4 > 0) or got a message from m (i % 4 == 0)
    const items = res.json.items as { id: string; unreadCount: number; lastMessageAt: string }[];
    expect(items).toHaveLength(30);
    for (const item of items) {
      const i = Number(item.id.split('-')[1]);
      expect(item.unreadCount).toBe(i % 4);
    }
    expect(items.map((x) => x.lastMessageAt)).toEqual([...items.map((x) => x.lastMessageAt)].sort().reverse());
    expect((await m.m.get(`${api}/unread-count`)).json.count).toBe(rows.length);

    // keyset pages of 7 give the same list
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await m.m.get(`${api}/conversations?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.json.items.map((x: { id: string }) => x.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(paged).toEqual(items.map((x) => x.id));
  });
});

/** The summary as the triggers keep it, and as it is recomputed from messages: always the same. */
async function summaries() {
  const kept = await t.database.db.execute(sql`
    select owner_id, other_id, last_message_id, last_message_at::text as at, last_sender_id, unread_count
    from conversations order by owner_id, other_id`);
  const recounted = await t.database.db.execute(sql`
    select distinct on (e.owner_id, e.other_id) e.owner_id, e.other_id, e.id as last_message_id, e.created_at::text as at,
           e.sender_id as last_sender_id, (count(*) filter (where e.unread) over (partition by e.owner_id, e.other_id))::int as unread_count
    from (select m.sender_id as owner_id, m.receiver_id as other_id, m.id, m.created_at, m.sender_id, false as unread from messages m where m.sender_id <> m.receiver_id
          union all
          select m.receiver_id, m.sender_id, m.id, m.created_at, m.sender_id, m.read_at is null from messages m) e
    order by e.owner_id, e.other_id, e.created_at desc, e.id desc`);
  return { kept: kept.rows, recounted: recounted.rows };
}

describe('the conversation summary (what a member notices)', () => {
  type Item = {
    id: string;
    unreadCount: number;
    lastMessage: { id: string; content: string; senderId: string; createdAt: string };
    lastMessageAt: string;
  };
  const inbox = async (who: Client) => (await who.get(`${api}/conversations`)).json.items as Item[];
  const withMember = async (who: Client, other: string) => (await inbox(who)).find((x) => x.id === other);
  const badge = async (who: Client) => (await who.get(`${api}/unread-count`)).json.count as number;

  it('counts unread messages exactly through sends, reads and deletes', async () => {
    const x = await member('ivy@example.com', 'ivy_league');
    const y = await member('jon@example.com', 'jon_snow');
    const sent = [];
    for (let i = 1; i <= 3; i++) sent.push((await send(x.m, y.id, `unread ${i}`)).json.message);
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(3);
    expect((await withMember(x.m, y.id))?.unreadCount).toBe(0);
    expect(await badge(y.m)).toBe(3);
    expect(await badge(x.m)).toBe(0);

    // the sender takes back an unread message: one fewer waiting
    expect((await x.m.delete(`${api}/${sent[1].id}`)).status).toBe(200);
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(2);
    expect(await badge(y.m)).toBe(2);

    // reading clears it; a read message deleted later changes nothing
    expect((await y.m.post(`${api}/conversations/${x.id}/read`)).json.count).toBe(2);
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(0);
    expect(await badge(y.m)).toBe(0);
    await x.m.delete(`${api}/${sent[0].id}`);
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(0);

    // a reply counts for the other side only
    await send(y.m, x.id, 'got it');
    expect((await withMember(x.m, y.id))?.unreadCount).toBe(1);
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(0);
    expect(await badge(x.m)).toBe(1);
    await thread(x.m, y.id); // opening the thread reads it
    expect(await badge(x.m)).toBe(0);
  });

  it('shows the previous message once the newest is deleted, and moves the conversation down', async () => {
    const x = await member('kim@example.com', 'kim_possible');
    const y = await member('lou@example.com', 'lou_reed');
    const z = await member('max@example.com', 'max_payne');
    const first = (await send(x.m, y.id, 'first words')).json.message;
    await send(z.m, y.id, 'hello from max');
    const reply = (await send(y.m, x.id, 'a reply')).json.message;
    let list = await inbox(y.m);
    expect(list.map((i) => i.id)).toEqual([x.id, z.id]);
    expect(list[0]!.lastMessage).toMatchObject({ id: reply.id, content: 'a reply', senderId: y.id });

    expect((await y.m.delete(`${api}/${reply.id}`)).status).toBe(200);
    list = await inbox(y.m);
    expect(list.map((i) => i.id)).toEqual([z.id, x.id]);
    const back = list[1]!;
    expect(back.lastMessage).toEqual({ id: first.id, content: 'first words', senderId: x.id, createdAt: first.createdAt });
    expect(back.lastMessageAt).toBe(first.createdAt);
    expect(back.unreadCount).toBe(1);
    expect((await withMember(x.m, y.id))?.lastMessage.id).toBe(first.id);
  });

  it('removes the conversation from both inboxes (and Saved) when its only message is deleted', async () => {
    const x = await member('ned@example.com', 'ned_stark');
    const y = await member('oli@example.com', 'oli_twist');
    const only = (await send(x.m, y.id, 'just the one')).json.message;
    await put(y.m, `${api}/conversations/${x.id}/star`);
    expect((await y.m.get(`${api}/saved`)).json.items).toHaveLength(1);
    expect(await badge(y.m)).toBe(1);
    expect((await x.m.delete(`${api}/${only.id}`)).status).toBe(200);
    expect(await inbox(x.m)).toEqual([]);
    expect(await inbox(y.m)).toEqual([]);
    expect((await y.m.get(`${api}/saved`)).json.items).toEqual([]);
    expect(await badge(y.m)).toBe(0);
    // writing again brings it back, still starred
    await send(y.m, x.id, 'are you there?');
    expect((await inbox(x.m)).map((i) => i.unreadCount)).toEqual([1]);
    expect((await y.m.get(`${api}/saved`)).json.items.map((i: Item) => i.id)).toEqual([x.id]);
  });

  it('stays exact under concurrent sends, reads and deletes both ways', async () => {
    const x = await member('pam@example.com', 'pam_beesly');
    const y = await member('quin@example.com', 'quin_tessa');
    const rounds = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        if (i % 6 === 5) return y.m.post(`${api}/conversations/${x.id}/read`);
        const res = await send(i % 2 ? x.m : y.m, i % 2 ? y.id : x.id, `race ${i}`);
        if (i % 8 === 3) await (i % 2 ? x.m : y.m).delete(`${api}/${res.json.message.id}`);
        return res;
      }),
    );
    expect(rounds.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const unreadFor = async (reader: string, sender: string) => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.receiverId, reader), eq(messages.senderId, sender), sql`${messages.readAt} is null`));
      return row!.n;
    };
    expect((await withMember(y.m, x.id))?.unreadCount).toBe(await unreadFor(y.id, x.id));
    expect((await withMember(x.m, y.id))?.unreadCount).toBe(await unreadFor(x.id, y.id));
    expect(await badge(y.m)).toBe(await unreadFor(y.id, x.id));
    const { kept, recounted } = await summaries();
    expect(kept).toEqual(recounted);
  });

  it('matches a recount from the messages, and the migration backfill rebuilds it the same', async () => {
    const before = await summaries();
    expect(before.kept.length).toBeGreaterThan(0);
    expect(before.kept).toEqual(before.recounted);
    // the migration's last statement fills the summary from messages already stored
    const file = await readFile(new URL('../../db/migrations/0006_conversation_summaries.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "conversations"/);
    await t.database.db.execute(sql`delete from conversations`);
    await t.database.db.execute(sql.raw(backfill));
    expect((await summaries()).kept).toEqual(before.kept);
  });
});

describe('rate limit', () => {
  it('limits sends per member when rate limits are on', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const x = await signedInMember(limited, 'x@example.com');
      const y = await signedInMember(limited, 'y@example.com');
      const yId = (await y.get('/api/v1/me')).json.user.id;
      for (let i = 0; i < 30; i++) expect((await send(x, yId, `n${i}`)).status).toBe(201);
      const over = await send(x, yId, 'one too many');
      expect(over.status).toBe(429);
      expect(over.json.error.message).toBe(text.messaging.tooMany);
      expect(over.headers.get('retry-after')).toBeTruthy();
      // the limit is the sender's: the receiver can still answer
      expect((await send(y, (await x.get('/api/v1/me')).json.user.id, 'reply')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the realtime endpoint over plain HTTP', () => {
  it('asks for a WebSocket', async () => {
    const res = await a.get('/api/v1/realtime');
    expect(res.status).toBe(426);
  });
});
