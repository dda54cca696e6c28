// The databases the benchmarks run on: created on the machine's PostgreSQL (BENCH_PG_URL's server,
// by default its Unix socket, else 127.0.0.1:5432), seeded by the server's own seed CLI, or read and
// written directly before the server starts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from '../server.mjs';

/** Where Debian's PostgreSQL listens for local connections. */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The machine's PostgreSQL, reached as a server on the database's own host reaches it (docs/deploy.md):
 * by its Unix socket when there is one, else over TCP. (Alternated with loopback TCP at 100 000
 * members, 2026-11-29, the discovery lists differed by no more than runs of either differ: ±20 %.)
 */
export const PG_SERVER =
  process.env.BENCH_PG_URL ??
  (existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}:5432`
    : 'postgres://postgres@127.0.0.1:5432');

/** How the benches reach PostgreSQL, for their headers: a host that is a directory is a Unix socket's. */
const pgHost = decodeURIComponent(new URL(PG_SERVER).hostname);
export const PG_SERVER_LABEL = pgHost.startsWith('/')
  ? `PostgreSQL by its Unix socket (${pgHost})`
  : `PostgreSQL at ${pgHost}:${new URL(PG_SERVER).port || 5432}`;

/** Runs `fn(client)` on the server's maintenance database (create and drop need one outside the target). */
async function withAdmin(fn) {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The database `name`, created when missing (kept between runs: seeding it again only adds what is missing); returns its URL. */
export async function ensureDatabase(name) {
  await withAdmin(async (admin) => {
    if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) await admin.query(`create database ${name}`);
  });
  return `${PG_SERVER}/${name}`;
}

/** A new, empty database `name` (one left by an interrupted run is dropped first); returns its URL. */
export async function freshDatabase(name) {
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  return `${PG_SERVER}/${name}`;
}

export async function dropDatabase(name) {
  await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/**
 * The seed CLI (migrations, the demo community, then bulk members up to `members`, each signing in as
 * member<n>@bulk.velvet.local with the demo password) on the database `env` names
 * (DATABASE_URL, or DATA_DIR for the embedded one). Its output goes to this process's.
 */
export function seedCommunity(env, members) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--members', String(members)], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('seeding failed');
}

/** Applies the server's migrations to the database `env` names (DATABASE_URL, or DATA_DIR for the embedded one; a reused bench database may predate the newest). */
export function migrateDatabase(env) {
  const script = `const { openDatabase } = await import('./src/db/client.ts');
    const { join } = await import('node:path');
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, pgliteDataDir: join(process.env.DATA_DIR ?? '', 'db') });
    await database.migrate();
    await database.close();`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('migrating failed');
}

/** Runs `fn(query)` on the database directly: a pg client, or PGlite on a stopped server's data directory. */
export async function withSql(kind, databaseUrl, dataDir, fn) {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await fn((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gist } });
  try {
    return await fn((text, params) => db.query(text, params));
  } finally {
    await db.close();
  }
}
