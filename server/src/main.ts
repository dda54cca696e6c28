import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config/env';
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

if (config.workers > 1 && cluster.isPrimary) await runCluster(config, log);
else await runServer(config, log, { startedAt, prepared: cluster.isWorker });
