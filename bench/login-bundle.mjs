// Initial JavaScript of the sign-in page, gzip-compressed (DESIGN.md §8 budget: ≤ 150 KB).
//
//   node bench/login-bundle.mjs [build dir]     (default: $WEB_DIST, else web/dist)
//
// Builds nothing: it serves the given build with the real server, opens /login in Chromium, records
// every JavaScript response the page loads and sums their sizes after gzip (zlib level 9).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, spawnServer, table } from './server.mjs';

const BUDGET_KB = 150;
const KB = 1000; // the same kB as Vite's build report
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No web build at ${dist}: run "npm run build" first (or pass a build directory).`);
  process.exit(2);
}

const kb = (bytes) => (bytes / KB).toFixed(2);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-bundle-'));
const server = await spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST: dist, SEED: 'never', DATABASE_URL: '' });
let browser;
try {
  await server.ready;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
  const page = await context.newPage();

  const pending = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    const isJs = res.request().resourceType() === 'script' || /javascript/.test(type);
    const isCss = /text\/css/.test(type);
    if (!isJs && !isCss) return;
    pending.push(
      res.body().then(
        (body) => ({
          url: new URL(res.url()).pathname,
          kind: isJs ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });

  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Sign In' }).waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle');

  const files = (await Promise.all(pending)).filter(Boolean);
  const js = files.filter((f) => f.kind === 'js').sort((a, b) => b.gzip - a.gzip);
  const css = files.filter((f) => f.kind === 'css');
  const total = js.reduce((s, f) => s + f.gzip, 0);
  const rawTotal = js.reduce((s, f) => s + f.raw, 0);

  console.log(`Initial JavaScript for /login (build: ${dist})\n`);
  console.log(
    table(
      ['file', 'raw kB', 'gzip kB', 'share'],
      [
        ...js.map((f) => [f.url, kb(f.raw), kb(f.gzip), `${((100 * f.gzip) / total).toFixed(1)}%`]),
        ['total JS', kb(rawTotal), kb(total), '100%'],
      ],
    ),
  );
  if (css.length) console.log(`\n(CSS, not counted: ${css.map((f) => `${f.url} ${kb(f.gzip)} kB gzip`).join(', ')})`);
  const over = total > BUDGET_KB * KB;
  console.log(`\n${over ? 'OVER BUDGET' : 'within budget'}: ${kb(total)} kB gzip of JavaScript vs the ${BUDGET_KB} kB budget`);
  process.exitCode = over ? 1 : 0;
} finally {
  await browser?.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
