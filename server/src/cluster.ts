import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config/env';
import type { Logger } from './logger';
import { createStorage } from './storage/create-storage';
import { prepareDatabase, printBanner } from './server';

/** A worker that dies is replaced after this pause (a crash loop must not spin a core). */
const RESTART_DELAY_MS = 1000;
/** How long the workers get to finish their requests on SIGTERM before the primary gives up. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * The primary of WORKERS server processes sharing one port (node:cluster hands each new connection
 * to the next worker). It migrates and seeds once, so workers never race on migrations, then forks
 * the workers, replaces one that dies, and on SIGTERM/SIGINT stops them all gracefully.
 *
 * Nothing else is shared between workers but the PostgreSQL database: sessions, rate limits and
 * presence live there, and realtime events and session changes cross processes by LISTEN/NOTIFY, as
 * they do between servers on several machines (DESIGN.md §2).
 */
export async function runCluster(config: Config, log: Logger) {
  const { database, demo } = await prepareDatabase(config, log, await createStorage(config));
  await database.close();

  let stopping = false;
  let listening = 0;
  let bannerShown = false;
  const fork = () => cluster.fork();

  cluster.on('listening', () => {
    listening++;
    if (!bannerShown && listening >= config.workers) {
      bannerShown = true;
      printBanner(config, demo);
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (listening === 0) {
      // it never served (the port is taken, the database refused): starting another would fail the same way
      log.error({ pid: worker.process.pid, code, signal }, 'a server process failed to start');
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'server process died; starting another');
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  for (let i = 0; i < config.workers; i++) fork();

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the server processes');
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
