import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a dump of a migrated PGlite database; empty on PostgreSQL runs */
    pgliteTemplate: string;
    /** the server as `npm start` runs it, bundled once for the run, for the tests that start its process */
    serverMain: string;
  }
}

/**
 * Migrates one PGlite database for the whole run and dumps it: each test file then starts from the
 * dump (about 0.5 s) instead of creating and migrating its own (about 3 s).
 */
export default async function setup(project: TestProject) {
  // the tests that start the server's process start it as deployed, from plain JavaScript: about
  // 2 s sooner each time than through tsx
  project.provide('serverMain', await buildServer());
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-template-'));
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  await database.migrate();
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
