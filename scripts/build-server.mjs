// Bundles the server's own TypeScript (and @velvet/core) into server/dist/main.mjs (and a chunk per
// module it imports lazily), with the npm dependencies left as imports. Starting from plain
// JavaScript skips transpiling and resolving ~150 source files at every start: about 1.2 s of the
// 3 s start-up budget (bench/README.md).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server');
const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => name !== '@velvet/core')
  .flatMap((name) => [name, `${name}/*`]);
// core's own dependency
external.push('zod', 'zod/*');

export async function buildServer() {
  const out = path.join(server, 'dist');
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(server, 'src/main.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // a module imported only when needed (`await import(...)`, e.g. the S3 storage) becomes its own
    // file, so its dependencies load with it: in one file the AWS SDK loaded at every start
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // db/client.ts finds the migrations beside itself, and geo/gazetteer.ts the towns; in the bundle,
  // "itself" is dist/
  cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  cpSync(path.join(server, 'src/geo/towns.gb.json'), path.join(out, 'towns.gb.json'));
  return path.join(out, 'main.mjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
