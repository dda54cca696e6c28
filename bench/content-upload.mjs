// Server memory during one 50 MB video upload (issue 17, budget: the upload adds ≤ 100 MB to the
// server's memory). The body is streamed to a temporary file as it arrives, the video remuxed by an
// ffmpeg child process from file to file, then streamed to storage: the server never holds it.
// (bench/upload.mjs is the image-processing time bench; this one is about memory.)
//
//   node bench/content-upload.mjs [--mb 50] [--db pglite|postgres]
//
// The server is the real one, as `npm start` runs it, with one member and a live session made by
// bench/messaging-delivery.mjs's fixture. The video is made here with ffmpeg (noise at a high
// bitrate, so it does not compress), just under the size asked for. Memory is read from
// /proc/<pid>/status: VmRSS before, sampled every 20 ms during the upload, and after. The ffmpeg
// child processes are sampled too and shown apart (they are not the server's heap).
/* global FormData */
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { createFixture } from './messaging-delivery.mjs';
import { table } from './server.mjs';

const BUDGET_MB = 100;
const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' }, db: { type: 'string', default: 'pglite' } } });
const targetBytes = Number(values.mb) * 1_000_000;

/** VmRSS of a process in MB (0 when it has gone). */
async function rssOf(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
/** The RSS of a process's children (ffmpeg, ffprobe), in MB. */
async function childrenRss(pid) {
  try {
    const ids = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
    const all = await Promise.all(ids.map((id) => rssOf(id)));
    return all.reduce((a, b) => a + b, 0);
  } catch {
    return 0;
  }
}

const mb = (n) => `${Math.round(n)} MB`;
const work = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-video-'));
const file = path.join(work, 'big.mp4');
// bitrate for the target size over 20 s, with room for the container
const seconds = 20;
const kbps = Math.floor((targetBytes * 8 * 0.97) / seconds / 1000);
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25,noise=alls=60:allf=t', '-t', String(seconds)],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`, file],
]);
const size = (await stat(file)).size;
console.log(
  `Content upload: one ${(size / 1e6).toFixed(1)} MB MP4 (limit ${52_428_800 / 1e6} MB), ${values.db}; ` +
    `${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}\n`,
);

const fixture = await createFixture(values.db, { members: 1, history: false, log: () => {} });
try {
  const server = await fixture.start();
  const cookie = fixture.cookies[0];
  // settle: the first requests warm the server up
  await new Promise((r) => setTimeout(r, 1000));
  const before = await rssOf(fixture.pid);
  let peak = before;
  let childPeak = 0;
  const sampler = setInterval(() => {
    Promise.all([rssOf(fixture.pid), childrenRss(fixture.pid)]).then(
      ([own, kids]) => {
        peak = Math.max(peak, own);
        childPeak = Math.max(childPeak, kids);
      },
      () => {},
    );
  }, 20);
  const form = new FormData();
  form.set('title', 'Bench video');
  form.set('file', await openAsBlob(file, { type: 'video/mp4' }), 'big.mp4');
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/v1/content`, { method: 'POST', body: form, headers: { cookie, origin: server.url } });
  const text = await res.text();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const after = await rssOf(fixture.pid);
  const delta = peak - before;

  console.log(
    table(
      ['status', 'time', 'RSS before', 'peak RSS', 'peak − before', 'RSS after', 'ffmpeg peak (child)'],
      [[String(res.status), `${Math.round(ms)} ms`, mb(before), mb(peak), mb(delta), mb(after), mb(childPeak)]],
    ),
  );
  if (res.status !== 201) console.log(`failed: ${res.status} ${text.slice(0, 300)}`);
  const over = delta > BUDGET_MB || res.status !== 201;
  console.log(`\n${over ? 'OVER BUDGET' : 'within budget'}: the upload added ${mb(delta)} to the server's RSS vs ${BUDGET_MB} MB`);
  process.exitCode = over ? 1 : 0;
} finally {
  await fixture.cleanup();
  await rm(work, { recursive: true, force: true });
}
