import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test-app';
import { ORIGIN, type Client } from './http';
import { finishedMember } from './members';

/**
 * Every route of the OpenAPI document, called by a signed-in member with random and hostile path
 * ids, queries and bodies (fast-check): the answer is never a 5xx, and a refused request (4xx)
 * changes no row. CI runs a short fixed-seed pass; `node bench/fuzz.mjs` runs a long one with a new
 * seed (FUZZ_RUNS, FUZZ_SEED).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** The socket route upgrades; a plain request there proves nothing about the API. */
const SKIPPED = new Set(['GET /realtime']);

/**
 * Tables a refused request may still write by design: attempt counters and quotas (refusing IS
 * counting), sessions (better-auth refreshes expiry on use) and the auth library's tokens.
 */
const WRITTEN_WHEN_REFUSED = new Set([
  'rate_limit',
  'request_quota',
  'session',
  'sign_in_address',
  'sign_in_attempt',
  'sign_in_alert',
  'verification',
]);

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' }[];
  body: 'json' | 'multipart' | null;
  properties: string[];
}

let t: TestApp;
let me: Client;
let myId: string;
let otherId: string;
let operations: Operation[];
let tables: string[];

const cookie = () => [...me.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Strings that have broken servers before: NUL, lone surrogates, huge, numeric edge cases, markup, SQL. */
const hostile = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\uD800',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      'x'.repeat(5000),
      '-1',
      '0',
      '1e309',
      'NaN',
      'null',
      '[]',
      '{}',
      ' ',
      '%',
      '%zz',
    ),
    fc.uuid(),
  );

/** A value worth sending: hostile text, odd numbers, or the real ids of both members. */
const anyValue = () =>
  fc.oneof(
    hostile(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(myId, otherId),
    fc.array(hostile(), { maxLength: 3 }),
  );

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as its raw bytes */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function bodyArbitrary(op: Operation) {
  if (op.body === 'multipart')
    return fc.record({
      fields: fc.dictionary(fc.constantFrom('kind', 'type', 'file', 'fullName', 'age', 'gender', 'partner1Name', 'title'), hostile(), {
        maxKeys: 4,
      }),
      file: fc.option(fc.uint8Array({ maxLength: 2048 }), { nil: undefined }),
      name: fc.constantFrom('photo.jpg', 'a.png', 'x.heic', 'video.mp4', '../evil.jpg'),
    });
  const known = op.properties.length
    ? fc.dictionary(fc.constantFrom(...op.properties), anyValue(), { maxKeys: op.properties.length })
    : fc.constant({});
  return fc.oneof(
    known,
    fc.jsonValue({ maxDepth: 3 }),
    // not JSON at all, sent as JSON
    fc.string({ maxLength: 60 }).map((text) => ({ __raw: text })),
  );
}

function requestFor(op: Operation, values: Record<string, unknown>, body: unknown): [string, RequestInit] {
  let path = op.path;
  const parts: string[] = [];
  for (const p of op.params) {
    const value = values[p.name];
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encode(value ?? 'x'));
    else if (value !== undefined) parts.push(`${encodeURIComponent(p.name)}=${encode(value)}`);
  }
  const url = `/api/v1${path}${parts.length ? `?${parts.join('&')}` : ''}`;
  const headers: Record<string, string> = { origin: ORIGIN, cookie: cookie() };
  const init: RequestInit = { method: op.method, headers };
  if (op.body === 'json' && body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body =
      typeof body === 'object' && body !== null && '__raw' in body ? String((body as { __raw: string }).__raw) : JSON.stringify(body);
  } else if (op.body === 'multipart' && body) {
    const b = body as { fields: Record<string, string>; file?: Uint8Array; name: string };
    const form = new FormData();
    for (const [k, v] of Object.entries(b.fields)) form.set(k, v);
    if (b.file) form.set('file', new Blob([new Uint8Array(b.file)], { type: 'image/jpeg' }), b.name);
    init.body = form;
  }
  return [url, init];
}

/** One digest per table of every row's text: equal digests, unchanged tables. */
async function fingerprint(): Promise<Record<string, string>> {
  const columns = tables.map(
    (name) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`,
  );
  const result = (await t.database.db.execute(sql.raw(`select ${columns.join(', ')}`))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  const [mine, other] = await Promise.all([
    finishedMember(t, 'fuzz_me', { city: 'Leeds' }),
    finishedMember(t, 'fuzz_other', { city: 'Leeds' }),
  ]);
  [me, myId, otherId] = [mine.c, mine.id, other.id];
  // something to find, change and refuse: a message each way, a like, a saved search
  await me.post(`/api/v1/messages/conversations/${otherId}/messages`, { content: 'Hello there' });
  await other.c.post(`/api/v1/messages/conversations/${myId}/messages`, { content: 'Hi back' });
  await me.post(`/api/v1/discover/${otherId}/like`);

  const document = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema?: unknown }> } }>
    >;
    components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
  };
  const propertiesOf = (schema: unknown): string[] => {
    const s = schema as { $ref?: string; properties?: Record<string, unknown> } | undefined;
    if (s?.$ref) return Object.keys(document.components?.schemas?.[s.$ref.split('/').pop()!]?.properties ?? {});
    return Object.keys(s?.properties ?? {});
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query') as Operation['params'],
        body: content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : null,
        properties: propertiesOf(content['application/json']?.schema),
      } satisfies Operation;
    }),
  );
  const rows = (await t.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
    rows: { tablename: string }[];
  };
  tables = rows.rows.map((r) => r.tablename).filter((name) => !WRITTEN_WHEN_REFUSED.has(name) && !name.startsWith('__'));
}, 120_000);
afterAll(() => t.close());

describe('every route under random and hostile input', () => {
  it('answers 2xx or 4xx, never 5xx, and a refused request changes no row', async () => {
    expect(operations.length).toBeGreaterThan(80);
    const failures: string[] = [];
    const tally = new Map<string, number>();
    for (const op of operations) {
      if (SKIPPED.has(`${op.method} ${op.path}`)) continue;
      const values = fc.record(
        Object.fromEntries(op.params.map((p) => [p.name, p.in === 'path' ? anyValue() : fc.option(anyValue(), { nil: undefined })])),
      );
      await fc.assert(
        fc.asyncProperty(values, bodyArbitrary(op), async (params, body) => {
          const [url, init] = requestFor(op, params, body);
          const before = await fingerprint();
          const res = await t.app.request(url, init);
          await res.arrayBuffer();
          tally.set(`${res.status}`, (tally.get(`${res.status}`) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(
              `${res.status} ${op.method} ${url.slice(0, 200)} ${(typeof init.body === 'string' ? init.body : '(a form)').slice(0, 200)}`,
            );
          if (res.status >= 400 && res.status < 500) {
            const after = await fingerprint();
            const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
            if (changed.length) failures.push(`${res.status} ${op.method} ${url.slice(0, 200)} changed ${changed.join(', ')}`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    // the member's requests reached the routes: some were answered, some refused
    expect(tally.get('200')).toBeGreaterThan(0);
    expect(tally.get('400')).toBeGreaterThan(0);
  }, 600_000);
});
