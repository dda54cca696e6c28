import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages as words } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../test/test-app';
import { client, type Client } from '../test/http';
import { finishedMember } from '../test/members';
import { contactMessages, likes, messages as messageRows, profiles, savedSearches } from './db/schema/index';

/**
 * A NUL character cannot be stored in PostgreSQL text, and nothing a person types contains one. Sent
 * anywhere a member's text or an id reaches the server, it is refused by the shared schemas with a
 * 400 in plain words: it never reaches the database (where it would fail as a 500), and nothing is written.
 */

const NUL = '\u0000';
const Q = '%00';

let t: TestApp;
let me: Client;
let meId: string;
let otherId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ c: me, id: meId } = await finishedMember(t, 'nul_sender', { city: 'Leeds' }));
  ({ id: otherId } = await finishedMember(t, 'nul_other', { city: 'Leeds' }));
  // a conversation, so the inbox search has something to look through
  expect((await me.post(`/api/v1/messages/conversations/${otherId}/messages`, { content: 'hello' })).status).toBe(201);
});
afterAll(() => t.close());

/** Everything a refused request could have written. */
async function written() {
  const db = t.database.db;
  const n = async (table: typeof contactMessages | typeof likes | typeof messageRows | typeof savedSearches) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    profile: (await db.select().from(profiles).where(eq(profiles.userId, meId)))[0],
    contact: await n(contactMessages),
    likes: await n(likes),
    messages: await n(messageRows),
    savedSearches: await n(savedSearches),
  };
}

type Sent = () => Promise<{ status: number; json: any; text: string }>;

/**
 * What each request answered, as `status code: message`. Every case is tried before any is judged,
 * so a failure lists them all (and a 500 shows as one).
 */
async function answers(cases: [what: string, send: Sent, expected: string][]) {
  const got: Record<string, string> = {};
  const want: Record<string, string> = {};
  for (const [what, send, expected] of cases) {
    const res = await send();
    got[what] = `${res.status} ${res.json?.error?.code}: ${res.json?.error?.message ?? res.text}`;
    want[what] = `400 VALIDATION_FAILED: ${expected}`;
  }
  return { got, want };
}

describe('a NUL character anywhere in a request', () => {
  it('in a query string is a 400', async () => {
    const before = await written();
    const lines = await answers(
      [
        `/api/v1/members?q=${Q}`,
        `/api/v1/members?name=${Q}`,
        `/api/v1/members?location=a${Q}b`,
        `/api/v1/messages/conversations?q=${Q}`,
        `/api/v1/messages/saved?q=nul${Q}`,
        `/api/v1/discover/next?location=Leeds${Q}`,
      ].map((url) => [url, () => me.get(url), words.input.nul]),
    );
    expect(lines.got).toEqual(lines.want);
    expect(await written()).toEqual(before);
  });

  it('in a path id is a 400', async () => {
    const before = await written();
    const conversation = `/api/v1/messages/conversations/${Q}`;
    const { member, photo, message, savedSearch } = words.ids;
    const cases: [string, string, string, unknown?][] = [
      ['GET', `/api/v1/profiles/${Q}`, member],
      ['GET', `/api/v1/media/user/${Q}`, member],
      ['DELETE', `/api/v1/media/${Q}`, photo],
      ['DELETE', `/api/v1/saved-searches/${Q}`, savedSearch],
      ['DELETE', `/api/v1/messages/${Q}`, message],
      ['GET', `${conversation}/messages`, member],
      ['POST', `${conversation}/messages`, member, { content: 'hi' }],
      ['POST', `${conversation}/read`, member],
      ['PUT', `${conversation}/star`, member],
      ['DELETE', `${conversation}/star`, member],
      ['POST', `/api/v1/discover/${Q}/like`, member],
      ['POST', `/api/v1/discover/${Q}/pass`, member],
      // NUL inside an otherwise good id
      ['GET', `/api/v1/profiles/${otherId}${Q}`, member],
      ['GET', `/api/v1/media/user/${otherId}${Q}`, member],
      ['POST', `/api/v1/messages/conversations/${otherId}${Q}/messages`, member, { content: 'hi' }],
      ['DELETE', `/api/v1/messages/00000000-0000-4000-8000-00000000000${Q}`, message],
    ];
    const lines = await answers(
      cases.map(([method, url, expected, body]) => [`${method} ${url}`, () => me.request(method, url, body), expected]),
    );
    expect(lines.got).toEqual(lines.want);
    expect(await written()).toEqual(before);
  });

  it('in a body is a 400', async () => {
    const edit = {
      username: 'nul_sender',
      displayName: 'Nul Sender',
      age: 30,
      locationCity: 'Leeds',
      gender: 'single-female',
      relationshipStatus: 'single',
      lookingFor: ['couples'],
      interests: [],
      bio: 'Hello.',
    };
    // the same edit without the NUL is accepted: each refusal is the NUL's doing
    expect((await me.request('PUT', '/api/v1/profiles/me', edit)).status).toBe(200);
    const before = await written();
    const cases: [string, string, unknown, Client?][] = [
      ['PUT', '/api/v1/profiles/me', { ...edit, bio: `Hello${NUL}there` }],
      ['PUT', '/api/v1/profiles/me', { ...edit, displayName: `Nul${NUL}` }],
      ['PUT', '/api/v1/profiles/me', { ...edit, locationCity: `Leeds${NUL}` }],
      ['PUT', '/api/v1/profiles/me', { ...edit, locationCountry: NUL }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 1, username: 'nul_sender', displayName: `A${NUL}` }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 2, age: 30, locationCity: `Leeds${NUL}` }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 4, bio: NUL }],
      ['POST', '/api/v1/saved-searches', { name: `Mine${NUL}`, filters: {} }],
      ['POST', '/api/v1/saved-searches', { name: 'Mine', filters: { q: NUL } }],
      ['POST', '/api/v1/saved-searches', { name: 'Mine', filters: { location: `Leeds${NUL}` } }],
      ['POST', '/api/v1/saved-searches', { name: 'Mine', filters: { name: `a${NUL}` } }],
      ['POST', '/api/v1/contact', { name: `Sam${NUL}`, email: 'sam@example.com', message: 'Hello' }, client(t)],
      ['POST', '/api/v1/contact', { name: 'Sam', email: `sam${NUL}@example.com`, message: 'Hello' }, client(t)],
      ['POST', '/api/v1/contact', { name: 'Sam', email: 'sam@example.com', message: `Hello${NUL}` }, client(t)],
    ];
    const lines = await answers(
      cases.map(([method, url, body, who = me]) => [
        `${method} ${url} ${JSON.stringify(body)}`,
        () => who.request(method, url, body),
        words.input.nul,
      ]),
    );
    expect(lines.got).toEqual(lines.want);
    expect(await written()).toEqual(before);
  });

  it('in message content is still taken out, as before, and the message is sent', async () => {
    const res = await me.post(`/api/v1/messages/conversations/${otherId}/messages`, { content: `a${NUL}b` });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message.content).toBe('ab');
  });
});
