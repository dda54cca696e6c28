import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Config } from './config/env';
import { openDatabase } from './db/client';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { createApp } from './app';
import { seedDemoCommunity, shouldSeed } from './seed/demo';
import { makeAdmins } from './db/admins';
import { RETENTION_SWEEP_EVERY_MS } from './modules/moderation/records-retention';

export type Demo = Awaited<ReturnType<typeof seedDemoCommunity>>;

/** The web build beside the server, unless WEB_DIST names one. */
export function resolveWebDist(config: Config) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const defaultDist = path.resolve(here, '../../web/dist');
  config.webDist ??= existsSync(defaultDist) ? defaultDist : undefined;
}

/** What a newcomer needs on start: the address, the demo sign-in, where mail goes. */
export function printBanner(config: Config, demo: Demo | undefined) {
  const lines = [``, `  ${config.siteName} is running at ${config.publicUrl}`];
  if (config.workers > 1) lines.push(`  (${config.workers} server processes on one port)`);
  if (demo) lines.push(`  Demo sign-in: ${demo.email} / ${demo.password}`);
  if (!config.smtpUrl && config.env !== 'production') lines.push(`  Mail outbox:  ${config.publicUrl}/dev/outbox`);
  if (!config.webDist) lines.push(`  (no web build found: run "npm run build" or "npm run dev")`);
  console.log(lines.join('\n') + '\n');
}

export const openConfiguredDatabase = (config: Config) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db'), poolSize: config.databasePoolSize });

/** Opens the database and brings it up to date: migrations, then the demo community when asked for. */
export async function prepareDatabase(config: Config, log: Logger, storage: Storage) {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const admins = await makeAdmins(database.db, config.adminEmails);
  if (admins.length) log.info({ count: admins.length }, 'ADMIN_EMAILS: accounts made admins');
  let demo: Demo | undefined;
  if (shouldSeed(config)) demo = await seedDemoCommunity(database.db, { log, storage });
  return { database, demo };
}

/**
 * One server process: HTTP and WebSocket on the port, until SIGTERM or SIGINT, then a graceful stop.
 * As a cluster worker (`prepared`) the primary has already migrated and seeded and prints the banner.
 */
export async function runServer(config: Config, log: Logger, opts: { startedAt: number; prepared: boolean }) {
  const storage = await createStorage(config);
  const { database, demo } = opts.prepared
    ? { database: await openConfiguredDatabase(config), demo: undefined }
    : await prepareDatabase(config, log, storage);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    onError: (err, message) => log.error({ err, subject: message.subject }, 'mail not sent'),
  });
  const { app, websocket, realtime, warm, sweepRecords } = createApp({ config, database, mailer, storage, log });
  const sweep = () => void sweepRecords().catch((err: unknown) => log.warn({ err }, 'records of deleted accounts not swept'));
  const sweeping = setInterval(sweep, RETENTION_SWEEP_EVERY_MS);
  sweeping.unref();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket }, (info) => {
    const ms = Math.round(performance.now() - opts.startedAt);
    log.info({ port: info.port, database: database.kind, ms }, 'server ready');
    if (!opts.prepared) printBanner(config, demo);
    warm().catch((err: unknown) => log.warn({ err }, 'online count not loaded at start'));
    sweep();
  });

  // Node closes an idle keep-alive socket after 5 s, and a client (a proxy, a browser, a test's request
  // context) that reuses it at that moment gets ECONNRESET: idle sockets stay longer than a proxy's own
  // keep-alive (nginx upstream: 60 s), so the client always closes first
  (server as Server).keepAliveTimeout = 65_000;
  (server as Server).headersTimeout = 66_000;

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(sweeping);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // stop accepting, let in-flight requests finish, then close the database cleanly
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // open sockets hold the server open: close them (clients reconnect elsewhere) and stop listening
    await realtime.close();
    // keep-alive sockets would hold close() for their timeout (65 s): drop each as soon as it is idle
    const dropIdle = setInterval(() => (server as Server).closeIdleConnections(), 100);
    await closed;
    clearInterval(dropIdle);
    // mail the last requests handed over after their responses (a reset link) still goes out
    await mailer.idle();
    await database.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
