import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { genericPlanPoolOf } from './generic-plans';

// A process holds at most DATABASE_POOL_SIZE connections in each of its pools: requests beyond it
// wait in the process, not as more backends on the database's cores (db/pool.ts DEFAULT_POOL_SIZE).
const url = process.env.TEST_DATABASE_URL;
/** Any fixed number: the advisory lock the statements below queue behind. */
const GATE = 7_410_777;

describe.runIf(url)('pool size (PostgreSQL)', () => {
  let database: Database;
  let gate: pg.Client;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url!, poolSize: 2 });
    gate = new pg.Client({ connectionString: url });
    await gate.connect();
  });
  afterAll(async () => {
    await gate.end();
    await database.close();
  });

  /** Backends waiting on the gate. */
  const waitingAtGate = async () =>
    Number(
      (
        await gate.query<{ n: string }>("select count(*) as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted", [
          GATE,
        ])
      ).rows[0]!.n,
    );

  /**
   * The backends that answered `count` statements sent at once through `pool`'s `query`, each held
   * at the gate until all of them wait: at it on a connection, or in the pool for one.
   */
  async function backendsOf(count: number, pool: pg.Pool, query: (text: string) => Promise<{ pid: number }[]>) {
    await gate.query('select pg_advisory_lock($1)', [GATE]);
    const answers = Array.from({ length: count }, () =>
      query(`select pg_backend_pid() as pid from (select pg_advisory_xact_lock_shared(${GATE})) gate`),
    );
    while ((await waitingAtGate()) + pool.waitingCount < count) await new Promise((resolve) => setTimeout(resolve, 5));
    await gate.query('select pg_advisory_unlock($1)', [GATE]);
    return new Set((await Promise.all(answers)).flat().map((r) => r.pid));
  }

  it('runs six statements sent at once on two connections of each pool', async () => {
    const client = (database.db as unknown as { $client: pg.Pool }).$client;
    const main = await backendsOf(6, client, async (text) => (await database.db.execute<{ pid: number }>(sql.raw(text))).rows);
    expect(main.size).toBe(2);
    const genericPool = genericPlanPoolOf(client);
    const generic = await backendsOf(6, genericPool, async (text) => (await genericPool.query<{ pid: number }>(text)).rows);
    expect(generic.size).toBe(2);
  });
});
