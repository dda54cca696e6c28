/* Velvet service worker: makes the app installable and keeps a shell for offline starts.
 * - /assets/* (hashed file names, immutable): cache first.
 * - page navigations: network first; offline, the last good app shell (/) is served.
 * - /api/* and /dev/*: never cached (private, live data); everything else goes to the network.
 */
const VERSION = 'v1';
const SHELL_CACHE = `velvet-shell-${VERSION}`;
const ASSET_CACHE = `velvet-assets-${VERSION}`;
const SHELL_URL = '/';
const MAX_ASSETS = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('velvet-') && k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Keeps the asset cache from growing forever across deployments (oldest entries go first). */
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

const offlinePage = () =>
  new Response(
    '<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Offline</title><body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b10;color:#f5f5f7;font-family:system-ui,sans-serif;text-align:center;padding:24px">' +
      '<div><h1 style="font-size:24px">You are offline</h1><p style="color:#a1a1b5">Check your connection, then try again.</p></div></body></html>',
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
  );

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    // Every page is the same single-page shell: keep the newest good copy for offline starts.
    if (response.ok && response.type === 'basic' && type.includes('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch {
    const cache = await caches.open(SHELL_CACHE);
    return (await cache.match(SHELL_URL)) || offlinePage();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
});
