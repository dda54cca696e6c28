// The real server's app in this process, against a bench database, and the SQL its routes send: what
// the discovery bench's plans (discovery-plans.mjs) and its SQL floor (sql-floor.mjs) are made of.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The app as the server builds it (migrated, as the server would on start; `env` adds to its settings),
 * answering `request(path, init)` in this process. `record(fn)` runs fn and returns { result: fn's, statements: those sent
 * meanwhile ({ name, text, values, genericPlan }) }, `genericPlan` when on the pool that keeps generic plans.
 */
export async function inProcessApp(url, env = {}) {
  const [
    { createApp },
    { loadConfig },
    { openDatabase },
    { genericPlanPoolOf },
    { createMailer },
    { createLocalStorage },
    { createLogger },
  ] = await Promise.all([
    import('../../server/src/app.ts'),
    import('../../server/src/config/env.ts'),
    import('../../server/src/db/client.ts'),
    import('../../server/src/db/generic-plans.ts'),
    import('../../server/src/mail/mailer.ts'),
    import('../../server/src/storage/local-storage.ts'),
    import('../../server/src/logger.ts'),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-app-'));
  const base = 'http://localhost:3000';
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: base, DATABASE_URL: url, ...env });
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const generic = new WeakSet();
  genericPlanPoolOf(database.db.$client).on('connect', (client) => generic.add(client));
  const { app } = createApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    log: createLogger('silent'),
  });

  let recording = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (recording && config && typeof config === 'object' && typeof config.text === 'string')
      recording.push({
        name: config.name,
        text: config.text,
        values: Array.isArray(values) ? values : (config.values ?? []),
        genericPlan: generic.has(this),
      });
    else if (recording && typeof config === 'string')
      recording.push({ text: config, values: Array.isArray(values) ? values : [], genericPlan: generic.has(this) });
    return original.call(this, config, values, callback);
  };

  return {
    base,
    request: (u, init) => app.request(u.replace(base, ''), init),
    async record(fn) {
      recording = [];
      try {
        const result = await fn();
        return { result, statements: recording };
      } finally {
        recording = null;
      }
    },
    async close() {
      pg.Client.prototype.query = original;
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
