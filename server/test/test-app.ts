import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { createLocalStorage } from '../src/storage/local-storage';
import { createLogger } from '../src/logger';
import { createApp } from '../src/app';
import { createPostgresDatabase, dropPostgresDatabase } from './postgres-databases';
import { testPasswordHashing } from './test-password';

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  auth: ReturnType<typeof createApp>['auth'];
  sessions: ReturnType<typeof createApp>['sessions'];
  database: Database;
  mailer: Mailer;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in memory, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    const pgliteTemplate = template ? new Blob([await readFile(template)]) : undefined;
    const database = await openDatabase({ pgliteDataDir: 'memory://', pgliteTemplate });
    // a no-op on the template; still run, so a test database is never behind the migrations
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `velvet_test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: await createPostgresDatabase(serverUrl, name) });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

export interface TestAppOptions {
  /** A mailer of the test's own, given the one the app would have had. */
  mailer?: (standard: Mailer) => Mailer;
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...env });
  const { database, drop } = await openTestDatabase();
  const standard = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') });
  const mailer = opts.mailer ? opts.mailer(standard) : standard;
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const { app, auth, sessions } = createApp({
    config,
    database,
    mailer,
    storage,
    log: createLogger('silent'),
    passwordHashing: testPasswordHashing,
  });
  return {
    app,
    auth,
    sessions,
    database,
    mailer,
    config,
    dataDir,
    async close() {
      await mailer.idle();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app built again on this test's database and mailer with other settings, as a restart with a changed environment would be. */
export function appWithSettings(t: TestApp, env: Record<string, string>, opts: { database?: Database; uploads?: string } = {}) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: t.config.publicUrl, ...env });
  const storage = createLocalStorage(path.join(t.dataDir, opts.uploads ?? 'uploads'));
  const built = createApp({
    config,
    database: opts.database ?? t.database,
    mailer: t.mailer,
    storage,
    log: createLogger('silent'),
    passwordHashing: testPasswordHashing,
  });
  return { ...built, config };
}

/**
 * A second server instance on the same database, as a second process would be: on a PostgreSQL
 * server with its own pool and its own LISTEN connection; on PGlite (one connection) sharing it.
 */
export async function createSecondInstance(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  let database = t.database;
  let ownDatabase: Database | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${rows[0]!.name}`;
    database = ownDatabase = await openDatabase({ databaseUrl: url.toString() });
  }
  const { app, auth, sessions, config } = appWithSettings(t, env, { database, uploads: 'uploads-2' });
  return {
    ...t,
    app,
    auth,
    sessions,
    database,
    config,
    async close() {
      await sessions.close();
      await ownDatabase?.close();
    },
  };
}
