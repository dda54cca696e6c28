// Server memory under a burst of large image uploads. Budget (issue "holes: image processing has no
// concurrency cap"): eight 6300×6300 PNGs (39.7 MP each, just under the 40 MP cap) uploaded at the
// same moment by one member keep the server's peak RSS ≤ 450 MB. Before the cap (every upload
// decoded at once) a probe saw 246 → 1 037 MB; on the development machine 600–730 MB.
//
//   node bench/upload-burst.mjs [--uploads 8] [--side 6300] [--db pglite|postgres]
//
// The server is the real one, as `npm start` runs it (NODE_ENV=production, its node flags and
// environment from scripts/server-node-args.mjs, the embedded database unless --db postgres), with
// one member and a live session made by bench/messaging-delivery.mjs's fixture. Memory is read from
// /proc/<pid>/status: VmRSS (now, and sampled every 20 ms during the burst) and VmHWM (the peak).
/* global FormData */
import { Blob, Buffer } from 'node:buffer';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { readFile } from 'node:fs/promises';
import { clearInterval, setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createFixture } from './messaging-delivery.mjs';
import { table } from './server.mjs';

const BUDGET_MB = 450;
const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '8' },
    side: { type: 'string', default: '6300' },
    db: { type: 'string', default: 'pglite' },
  },
});
const uploads = Number(values.uploads);
const side = Number(values.side);

/** VmRSS and VmHWM of a process, in MB. */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A side×side RGBA PNG (four channels: the most a decode holds per pixel) under the 5 MB upload limit: a colour gradient. */
async function bigPng() {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#b43c78"/><stop offset="1" stop-color="#1e3cb4"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(gradient, { limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
}

const mb = (n) => `${Math.round(n)} MB`;
const png = await bigPng();
const meta = await sharp(png, { limitInputPixels: false }).metadata();
console.log(
  `Upload burst: ${uploads} × ${meta.width}×${meta.height} ${meta.channels}-channel PNG (${(png.length / 1e6).toFixed(2)} MB each) at once, ` +
    `${values.db}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, sharp ${sharp.versions.sharp}\n`,
);

const fixture = await createFixture(values.db, { members: 1, history: false, log: () => {} });
try {
  const server = await fixture.start();
  const cookie = fixture.cookies[0];
  const before = await memory(fixture.pid);

  // sample VmRSS while the burst runs, so the table also shows when the peak came
  let sampled = before.rss;
  const sampler = setInterval(() => {
    memory(fixture.pid).then(
      (m) => (sampled = Math.max(sampled, m.rss)),
      () => {},
    );
  }, 20);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: uploads }, async () => {
      const form = new FormData();
      form.set('kind', 'gallery');
      form.set('file', new Blob([png], { type: 'image/png' }), 'big.png');
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/media`, { method: 'POST', body: form, headers: { cookie, origin: server.url } });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - t0, text };
    }),
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = await memory(fixture.pid);

  const failed = results.filter((r) => r.status !== 201);
  console.log(
    table(
      ['uploads', 'ok', 'all done', 'slowest', 'RSS before', 'RSS after', 'peak RSS (VmHWM)'],
      [
        [
          String(uploads),
          String(uploads - failed.length),
          `${Math.round(elapsed)} ms`,
          `${Math.round(Math.max(...results.map((r) => r.ms)))} ms`,
          mb(before.rss),
          mb(after.rss),
          mb(Math.max(after.peak, sampled)),
        ],
      ],
    ),
  );
  for (const f of failed.slice(0, 3)) console.log(`failed: ${f.status} ${f.text.slice(0, 200)}`);
  const peak = Math.max(after.peak, sampled);
  const over = peak > BUDGET_MB || failed.length > 0;
  console.log(
    `\n${over ? 'OVER BUDGET' : 'within budget'}: peak RSS ${mb(peak)} vs ${BUDGET_MB} MB` +
      (failed.length ? `; ${failed.length} uploads failed` : ''),
  );
  process.exitCode = over ? 1 : 0;
} finally {
  await fixture.cleanup();
}
