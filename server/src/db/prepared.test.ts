import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';
import { executePrepared } from './prepared';

// executePrepared runs named statements on PostgreSQL through node-postgres' own API, and plain ones
// on PGlite. These pin that both give the rows, errors and notifications drizzle's plain path gives,
// on whichever database the suite runs.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(
    sql`create table prepared_probe (id int primary key, label text not null, at timestamptz, tags text[], doc jsonb)`,
  );
  await database.db.execute(sql`create function prepared_probe_notify() returns trigger language plpgsql as $$
      begin perform pg_notify('prepared_probe', new.id::text); return new; end $$`);
  await database.db.execute(
    sql`create trigger prepared_probe_notify after insert on prepared_probe for each row execute function prepared_probe_notify()`,
  );
});
afterAll(() => drop());

const insert = (id: number, label: string) =>
  executePrepared<{ id: number }>(database.db, sql`insert into prepared_probe (id, label) values (${id}, ${label}) returning id`);

describe('named statements (executePrepared)', () => {
  it('returns the same rows as the plain path: numbers, booleans, text in any script, nulls, arrays, json, times as text', async () => {
    const query = sql`select ${7}::int as n, ${2.5}::float8 as f, ${true}::boolean as yes, ${'Zoë & Ana 💜 — <b>'}::text as label,
        null::text as nothing, array['a', 'b']::text[] as tags, ${JSON.stringify({ k: [1, 'two'] })}::jsonb as doc,
        '2026-11-23 10:00:00.123456+00'::timestamptz as at, 12345678901::bigint as big`;
    const plain = ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const named = await executePrepared(database.db, query);
    expect(named).toEqual(plain);
    expect(named[0]).toMatchObject({
      n: 7,
      f: 2.5,
      yes: true,
      label: 'Zoë & Ana 💜 — <b>',
      nothing: null,
      tags: ['a', 'b'],
      doc: { k: [1, 'two'] },
    });
  });

  it('returns rows larger than one reply chunk whole: many rows, and text of a megabyte', async () => {
    const big = 'Zoë 💜 '.repeat(100_000);
    const [row] = await executePrepared<{ text: string; n: number }>(database.db, sql`select ${big}::text as text, length(${big}) as n`);
    expect(row?.text).toBe(big);
    expect(row?.n).toBe([...big].length);
    const many = await executePrepared<{ i: number }>(database.db, sql`select i from generate_series(1, ${20_000}) i`);
    expect(many).toHaveLength(20_000);
    expect(many.at(-1)).toEqual({ i: 20_000 });
  });

  it('runs the same statement again with other values, and returns no rows as an empty list', async () => {
    const byId = (id: number) => executePrepared<{ label: string }>(database.db, sql`select label from prepared_probe where id = ${id}`);
    await insert(1, 'one');
    await insert(2, 'two');
    expect(await byId(1)).toEqual([{ label: 'one' }]);
    expect(await byId(2)).toEqual([{ label: 'two' }]);
    expect(await byId(3)).toEqual([]);
  });

  it('throws PostgreSQL’s error with its code and constraint, stores nothing, and the next statement runs', async () => {
    await insert(10, 'first');
    // drizzle's shape on both databases: PostgreSQL's error as the cause
    const error = await insert(10, 'again').catch((e: unknown) => e);
    expect(error).toMatchObject({ cause: { code: '23505', constraint: 'prepared_probe_pkey' } });
    const bad = await executePrepared(database.db, sql`select ${'not a time'}::timestamptz as t`).catch((e: unknown) => e);
    expect(bad).toMatchObject({ cause: { code: '22007' } });
    expect(await executePrepared(database.db, sql`select label from prepared_probe where id = ${10}`)).toEqual([{ label: 'first' }]);
  });

  it('delivers what a trigger NOTIFYs to the database’s listeners', async () => {
    const heard: string[] = [];
    const stop = await database.listen('prepared_probe', (payload) => heard.push(payload));
    try {
      await insert(20, 'loud');
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['20']);
    } finally {
      await stop();
    }
  });

  it('never runs inside another caller’s open transaction, and sees its writes once committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe (id, label) values (30, 'pending')`);
      // a named statement in the transaction itself sees the uncommitted row
      expect(await executePrepared(tx, sql`select label from prepared_probe where id = ${30}`)).toEqual([{ label: 'pending' }]);
      inside();
      await held;
      await tx.execute(sql`update prepared_probe set label = 'committed' where id = 30`);
    });
    await started;
    const outside = executePrepared<{ label: string }>(database.db, sql`select label from prepared_probe where id = ${30}`);
    release();
    await transaction;
    // on PGlite it waited for the commit; on PostgreSQL it ran on another connection and saw nothing or the commit
    const rows = await outside;
    if (database.kind === 'pglite') expect(rows).toEqual([{ label: 'committed' }]);
    else expect([[], [{ label: 'committed' }]]).toContainEqual(rows);
  });
});

describe('named statements kept to their generic plan (genericPlan)', () => {
  const mode = sql`select current_setting('plan_cache_mode') as mode, ${1}::int as one`;

  it('runs the statement in that mode on PostgreSQL, from a connection’s first statement on, and no other statement sees it', async () => {
    const [inside] = await executePrepared<{ mode: string; one: number }>(database.db, mode, { genericPlan: true });
    expect(inside).toEqual({ mode: database.kind === 'postgres' ? 'force_generic_plan' : 'auto', one: 1 });
    // more at once than the pool holds connections: each new connection runs its first statement in that mode
    const many = await Promise.all(
      Array.from({ length: 12 }, () => executePrepared<{ mode: string }>(database.db, mode, { genericPlan: true })),
    );
    expect(new Set(many.map(([row]) => row?.mode))).toEqual(new Set([database.kind === 'postgres' ? 'force_generic_plan' : 'auto']));
    // every connection of the other statements' pool at once: none is in that mode
    const after = await Promise.all(Array.from({ length: 12 }, () => executePrepared<{ mode: string }>(database.db, mode)));
    expect(new Set(after.map(([row]) => row?.mode))).toEqual(new Set(['auto']));
  });

  it('throws PostgreSQL’s error, and the connection it failed on serves the next statements', async () => {
    const bad = await executePrepared(database.db, sql`select ${'not a time'}::timestamptz as t`, { genericPlan: true }).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ cause: { code: '22007' } });
    const again = await Promise.all(
      Array.from({ length: 12 }, () => executePrepared<{ one: number }>(database.db, mode, { genericPlan: true })),
    );
    expect(again.map(([row]) => row?.one)).toEqual(Array(12).fill(1));
  });
});

// PGlite runs them as plain statements, on its one connection.
describe.runIf(!process.env.TEST_DATABASE_URL)('statements on PGlite', () => {
  it('prepares a statement again when a schema change made it stale, instead of failing until a restart', async () => {
    await database.db.execute(sql`create table prepared_stale (id int primary key)`);
    await database.db.execute(sql`insert into prepared_stale values (1)`);
    const read = () => executePrepared<Record<string, unknown>>(database.db, sql`select * from prepared_stale where id = ${1}`);
    expect(await read()).toEqual([{ id: 1 }]);
    await database.db.execute(sql`alter table prepared_stale add column label text not null default 'new'`);
    expect(await read()).toEqual([{ id: 1, label: 'new' }]);
    expect(await read()).toEqual([{ id: 1, label: 'new' }]);
  });

  it('says the database is closed once it is', async () => {
    const closing = await openTestDatabase();
    await executePrepared(closing.database.db, sql`select ${1}::int as one`);
    await closing.drop();
    await expect(executePrepared(closing.database.db, sql`select ${1}::int as one`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/closed/i) as unknown },
    });
  });
});
