import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';
import { createPgListener } from './pg-listener';
import { keepGenericPlansOn, openGenericPlanPool } from './generic-plans';
import { DEFAULT_POOL_SIZE, openPool } from './pool';

export type Schema = typeof schema;
/** Both drivers expose the same query API; the app is written against this one type. */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (PGlite: in this process; PostgreSQL: a dedicated connection that reconnects
   * and then calls `onReconnect`, since notifications sent meanwhile are lost). Resolves once listening,
   * to a function that stops.
   */
  listen(channel: string, handler: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** NOTIFY a channel, each payload in turn, in one statement (pg_notify; payloads must stay under 8000 bytes). */
  notify(channel: string, payloads: string[]): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, which `pgliteTemplate` can start a new one from. */
  dumpDataDir?: () => Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL: connections each of the two pools holds at most (DEFAULT_POOL_SIZE when not given). */
  poolSize?: number;
  /** PostgreSQL: how long a statement waits for a connection before it is given up (POOL_WAIT_MS when not given). */
  poolWaitMs?: number;
  /** A directory for PGlite's files, or 'memory://' for a throwaway database. */
  pgliteDataDir?: string;
  /** PGlite only: start from this dump (of an already migrated database) instead of an empty one. */
  pgliteTemplate?: Blob;
}

/**
 * PGlite's start-up arguments: its own defaults plus a small buffer cache (`-c` overrides the data
 * directory's postgresql.conf without rewriting it; PGlite's `postgresqlconf` option would replace
 * that file, and `startParams` replaces the defaults rather than adding to them).
 *
 * PGlite runs PostgreSQL inside this process. Its shared memory is an anonymous mmap, which
 * Emscripten implements as a zero-filled malloc in the WebAssembly memory, so the whole of
 * shared_buffers is resident from start-up, and that memory can never be given back. initdb writes
 * PostgreSQL's default of 128MB: with it the embedded database alone cost about 150 MB of the
 * server's RSS (the messaging issue's budget is 300 MB for the whole process with 2 000 sockets).
 * 16MB cuts it to about 30 MB. The tables are files on disk (NODEFS), so a page that is not in
 * this cache comes from the OS page cache, in microseconds: the conversations list and thread
 * pages measured no slower (bench/messaging-lists.mjs, server CPU per request).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** DATABASE_URL names a database that cannot be opened: start-up stops with this one line. */
export class DatabaseUnavailableError extends Error {}

/** What went wrong, in a few words a person can act on (PostgreSQL's own words when it answered). */
function reason(err: unknown, url: URL): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') return 'connection refused (is PostgreSQL running there?)';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `host ${url.hostname} not found`;
  if (e.code === 'ETIMEDOUT') return 'no answer';
  // database "x" does not exist, role "x" does not exist, password authentication failed for user "x"...
  return (e.message ?? String(err)).split('\n')[0]!;
}

/** Opens one connection and closes it: a wrong DATABASE_URL fails here, in one line, not as a stack trace later. */
async function checkReachable(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    // where DATABASE_URL points, never its password
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.slice(1));
    const user = decodeURIComponent(url.username);
    const target = `${name ? `database "${name}"` : 'the database'} on ${url.hostname}:${url.port || 5432}${user ? ` as ${user}` : ''}`;
    throw new DatabaseUnavailableError(`DATABASE_URL: cannot open ${target}: ${reason(err, url)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Any fixed number: the key of the lock every Velvet process migrates under. */
const MIGRATION_LOCK = 7_410_561;

/**
 * The migrations on their own connection, under a PostgreSQL advisory lock: instances started
 * together on a fresh database migrate one after another (the second finds the work done) instead of
 * both creating the same tables. The lock goes with the connection, also when a process dies.
 */
async function migrateLocked(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'velvet-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    await checkReachable(opts.databaseUrl);
    const pool = openPool(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE, {}, opts.poolWaitMs);
    // the statements kept to their generic plan run on connections of their own, set that way
    // (db/generic-plans.ts): Discover's next cards, and online now's nearest first
    const genericPlans = openGenericPlanPool(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE, opts.poolWaitMs);
    keepGenericPlansOn(pool, genericPlans);
    // an idle connection dropped by the server must not crash the process; the pool replaces it
    for (const p of [pool, genericPlans]) p.on('error', (err) => console.warn('postgres idle client error:', err.message));
    const db = drizzlePg(pool, { schema });
    const listener = createPgListener(opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateLocked(opts.databaseUrl!),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, handler, onReconnect) => listener.listen(channel, handler, onReconnect),
      notify: async (channel, payloads) => {
        // prepared once per connection: every message sent, read or deleted is one of these
        if (payloads.length === 1)
          await pool.query({ name: 'velvet_notify', text: 'select pg_notify($1, $2)', values: [channel, payloads[0]] });
        else
          await pool.query({
            name: 'velvet_notify_each',
            text: 'select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n',
            values: [channel, payloads],
          });
      },
      close: async () => {
        await listener.close();
        await Promise.all([pool.end(), genericPlans.end()]);
      },
    };
  }
  const dataDir = opts.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // the migrations CREATE EXTENSION pg_trgm (the trigram indexes) and btree_gist (nearest first for a name);
  // PGlite must have them loaded first
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gist },
    loadDataDir: opts.pgliteTemplate,
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  // PGlite lives in this process, so every listener is in it too: what the app itself publishes goes
  // to them directly, not through a statement on the one connection every request waits for.
  // Notifications from the database's own triggers still arrive through `client.listen`.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const dispatch = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      let local = handlers.get(channel);
      if (!local) handlers.set(channel, (local = new Set()));
      local.add(handler);
      return async () => {
        local.delete(handler);
        if (!closed) await unlisten();
      };
    },
    notify: async (channel, payloads) => {
      if (closed) return;
      // after the caller's current work, as a NOTIFY arrives after the statement that sent it
      await Promise.resolve();
      for (const payload of payloads) dispatch(channel, payload);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
