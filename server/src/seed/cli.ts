import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { seedDemoCommunity } from './demo';
import { seedLargeCommunity } from './large';
import { createStorage } from '../storage/create-storage';

/**
 * `npm run seed`: seeds the demo community into the configured database (also a PostgreSQL server).
 * `npm run seed -- --members 100000`: adds a large generated community for benchmarks.
 */
const { values } = parseArgs({ options: { members: { type: 'string' } } });
const members = values.members ? Number(values.members) : 0;
if (!Number.isInteger(members) || members < 0) {
  console.error('--members must be a whole number');
  process.exit(1);
}
const config = loadConfig();
const log = createLogger('info');
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db') });
await database.migrate();
const demo = await seedDemoCommunity(database.db, { log, storage: await createStorage(config) });
if (members > 0) {
  const started = performance.now();
  await seedLargeCommunity(database.db, { members, log });
  console.log(`Large community: ${members} members seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`Demo sign-in: ${demo.email} / ${demo.password}`);
await database.close();
