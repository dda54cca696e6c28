import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database directory with every migration applied, for servers to start from a copy */
    migratedDataDir: string;
    /** the server as `npm start` runs it, bundled once for the run (scripts/build-server.mjs) */
    serverMain: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Creates and migrates one embedded database for the run: copying it is faster than migrating a new one per server. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-e2e-template-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dir, 'db') });
  await database.migrate();
  await database.close();
  project.provide('migratedDataDir', path.join(dir, 'db'));
  // every journey's server is the one `npm start` runs, and starts from plain JavaScript: 2.5 s to
  // its first answer instead of 4.5 s through tsx on a slow day
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  project.provide('serverMain', path.join(root, 'server/dist/main.mjs'));
  return () => rm(dir, { recursive: true, force: true });
}
