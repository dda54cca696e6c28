// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text file of the build, made
// once at the highest levels, so the server sends compressed bytes without compressing per request
// (server/src/static.ts serves them by Accept-Encoding). index.html is left out: the server writes a
// fresh nonce into it for each load, and compresses that answer itself.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** smaller files gain less than the headers and the extra lookup cost */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite holds the build's manifest, read by .size-limit.js, never served to a browser that needs it packed
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
for await (const file of files(dist)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const bytes = await readFile(file);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  br += brotli.length;
}
console.log(`precompressed ${Math.round(raw / 1024)} KB of text to ${Math.round(br / 1024)} KB (brotli) and gzip`);
