import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { createStorage } from './storage/create-storage';
import { createApp } from './app';
import { seedDemoCommunity, shouldSeed } from './seed/demo';

const startedAt = performance.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const log = createLogger(config.logLevel);
const here = path.dirname(fileURLToPath(import.meta.url));
const defaultDist = path.resolve(here, '../../web/dist');
config.webDist ??= existsSync(defaultDist) ? defaultDist : undefined;

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db') });
await database.migrate();
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
const storage = await createStorage(config);
const { app, websocket, realtime } = createApp({ config, database, mailer, storage, log });

let demo: Awaited<ReturnType<typeof seedDemoCommunity>> | undefined;
if (shouldSeed(config)) demo = await seedDemoCommunity(database.db, { log, storage });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket }, (info) => {
  const ms = Math.round(performance.now() - startedAt);
  log.info({ port: info.port, database: database.kind, ms }, 'server ready');
  const lines = [``, `  ${config.siteName} is running at ${config.publicUrl}`];
  if (demo) lines.push(`  Demo sign-in: ${demo.email} / ${demo.password}`);
  if (!config.smtpUrl && config.env !== 'production') lines.push(`  Mail outbox:  ${config.publicUrl}/dev/outbox`);
  if (!config.webDist) lines.push(`  (no web build found: run "npm run build" or "npm run dev")`);
  console.log(lines.join('\n') + '\n');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  // stop accepting, let in-flight requests finish, then close the database cleanly
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // open sockets hold the server open: close them (clients reconnect elsewhere) and stop listening
  await realtime.close();
  // keep-alive sockets would hold close() for their timeout (5 s): drop each as soon as it is idle
  const dropIdle = setInterval(() => (server as Server).closeIdleConnections(), 100);
  await closed;
  clearInterval(dropIdle);
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
