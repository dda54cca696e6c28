import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config/env';
import { DatabaseUnavailableError } from './db/client';
import { createLogger } from './logger';
import { runCluster } from './cluster';
import { resolveWebDist, runServer } from './server';

const startedAt = performance.now();
let config: Config;
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
resolveWebDist(config);

try {
  if (config.workers > 1 && cluster.isPrimary) await runCluster(config, log);
  else await runServer(config, log, { startedAt, prepared: cluster.isWorker });
} catch (err) {
  // a wrong DATABASE_URL is a setting to fix, told in one line like the others: not a stack trace
  if (err instanceof DatabaseUnavailableError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
