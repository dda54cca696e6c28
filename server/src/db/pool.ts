import pg from 'pg';

/**
 * Settings every connection of the server's takes. JIT compilation is off: PostgreSQL compiles a
 * statement whose estimated cost passes jit_above_cost, on each run (nothing is kept between runs),
 * and the estimate counts branches a statement never runs. Discover's statement, whose branch for a
 * member placed nowhere is priced as a read of every member, was compiled on every request once
 * that branch asked about each member's likes one by one: 90 ms a run instead of 0.8 ms. A member
 * list reads a page of rows by an index; it has nothing compiling could win back.
 */
const SETTINGS: Record<string, string> = { jit: 'off' };

/**
 * Connections each of a server process's two pools (client.ts openDatabase) holds at most, unless
 * DATABASE_POOL_SIZE says otherwise. A PostgreSQL backend does the most work per core with few
 * others beside it: each connection is a process with its own caches, and a core switching between
 * many of them misses its CPU caches. On the bench machine's one database core, the statement of
 * Content Creators' list ran about as often from 2, 3 or 4 connections, a tenth less from 8, and
 * 1.5–1.7 times less from 20 (pgbench, alternated: 2 480 against 1 489 a second); in the discovery
 * bench's alternating runs at 100 000 members a Name Search used 0.7–1.2 ms of the database with
 * pools of 4, against 1.1–1.5 ms with pools of 10. Requests beyond the pool wait in it
 * (in this process, costing nothing) instead of in PostgreSQL's run queue.
 */
export const DEFAULT_POOL_SIZE = 4;

/**
 * How long a statement waits for a connection (a free one of the pool's, or a new one's connect)
 * before it is given up (pg-pool's connectionTimeoutMillis): its request then answers 503 at once
 * (middleware/errors.ts). Without it, a stalled database (a lock held, the server overloaded) had
 * requests queue in the process without end, each still run after its client had given up; given
 * up, a waiter leaves the queue and its statement is never sent. Far above any wait under load: at
 * 50 concurrent requests on the bench machine's two cores a statement waited tens of milliseconds.
 */
export const POOL_WAIT_MS = 10_000;

/** pg-pool's words for a wait past connectionTimeoutMillis, and for a connection not opened within it. */
const POOL_TIMEOUTS = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);
/** PostgreSQL's refusals of a new connection for now: too many connections (53300), not yet accepting them (57P03). */
const REFUSED_FOR_NOW = new Set(['53300', '57P03']);

/**
 * The error that says the database could not take the statement just now (no connection within
 * POOL_WAIT_MS, or PostgreSQL refusing new connections for now), as opposed to a statement that
 * failed: worth the member's retry, not a bug. Null for any other error. Looks through the causes
 * drizzle wraps a driver's error in. Socket errors (refused, reset) are not counted: a storage
 * service's look the same.
 */
export function databaseUnavailable(err: unknown): Error | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (POOL_TIMEOUTS.has(e.message) || (typeof code === 'string' && REFUSED_FOR_NOW.has(code))) return e;
  }
  return null;
}

/**
 * A pool whose connections are set (SETTINGS, then `settings`) as each opens, before the pool hands
 * it out (pg-pool's onConnect, awaited; set there, not as a start-up option, which a DATABASE_URL's
 * own `options` would replace). A 'connect' listener's statement was queued on the client beside
 * the caller's, which node-postgres 8 warns of and 9 refuses. The SETs go as one round trip, which
 * PostgreSQL runs as one transaction: should one fail, none is made, a warning says so, and the
 * statements still run, as PostgreSQL is set.
 */
export function openPool(
  connectionString: string,
  max: number,
  settings: Record<string, string> = {},
  waitMs: number = POOL_WAIT_MS,
): pg.Pool {
  // names and values of the code's own (not a member's), written as one round trip of SETs
  const set = Object.entries({ ...SETTINGS, ...settings })
    .map(([name, value]) => {
      if (!/^[a-z_]+$/.test(name) || !/^[a-z_0-9]+$/.test(value)) throw new Error(`not a plain setting: ${name} = ${value}`);
      return `set ${name} = ${value}`;
    })
    .join('; ');
  return new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: waitMs,
    // pg-pool awaits the promise (pool.js _promiseTry) though @types/pg types the hook as returning void
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client) => {
      await client.query(set).catch((err: Error) => console.warn(`postgres settings not made (${set}):`, err.message));
    },
  });
}
