import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database directory with every migration applied, for servers to start from a copy */
    migratedDataDir: string;
    /** the server as `npm start` runs it, bundled once for the run (scripts/build-server.mjs) */
    serverMain: string;
  }
}

/** Creates and migrates one embedded database for the run: copying it is faster than migrating a new one per server. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-e2e-template-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dir, 'db') });
  await database.migrate();
  await database.close();
  project.provide('migratedDataDir', path.join(dir, 'db'));
  // every journey's server is the one `npm start` runs, and starts from plain JavaScript: 2.5 s to
  // its first answer instead of 4.5 s through tsx on a slow day
  project.provide('serverMain', await buildServer());
  return () => rm(dir, { recursive: true, force: true });
}
