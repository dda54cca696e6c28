import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database directory with every migration applied, for servers to start from a copy */
    migratedDataDir: string;
  }
}

/** Creates and migrates one embedded database for the run: copying it is faster than migrating a new one per server. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-e2e-template-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dir, 'db') });
  await database.migrate();
  await database.close();
  project.provide('migratedDataDir', path.join(dir, 'db'));
  return () => rm(dir, { recursive: true, force: true });
}
