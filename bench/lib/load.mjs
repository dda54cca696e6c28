// Load the benchmarks put on the server: a keep-alive HTTP client, an open-loop driver, and
// members' realtime sockets.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import WebSocket from 'ws';

/** A small keep-alive HTTP client (lighter than fetch, so the bench process adds little to the timings). */
export function httpClient(base, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(base);
  return {
    request(method, urlPath, cookie, body) {
      return new Promise((resolve, reject) => {
        const data = body === undefined ? undefined : JSON.stringify(body);
        const headers = { cookie, origin: base };
        if (data !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
        const req = http.request({ agent, hostname, port, method, path: urlPath, headers, timeout: 10_000 }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(data);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Open loop: calls `fire()` `rate` times a second for `seconds`, on schedule whether or not earlier
 * requests have been answered (a slow server meets the same arrivals, as with real members, instead
 * of being asked less). Resolves with the ms it took once the last one is fired.
 */
export function openLoop({ rate, seconds, fire }) {
  return new Promise((resolve) => {
    const total = Math.round(seconds * rate);
    const start = performance.now();
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) {
        fire();
        sent++;
      }
      if (sent >= total) resolve(performance.now() - start);
      else setTimeout(tick, 1);
    };
    tick();
  });
}

/** Opens a member's socket to /api/v1/realtime; resolves once the server says `ready`, then hands every other event to `onEvent(event, at)`. */
export function openSocket(wsUrl, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('socket not ready within 15 s'));
    }, 15_000);
    ws.on('message', (data) => {
      const at = performance.now();
      const event = JSON.parse(data.toString('utf8'));
      if (event.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
      } else onEvent(event, at);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`socket closed before ready: ${code}`));
    });
    ws.on('error', () => undefined);
  });
}

/** `count` tasks `task(i)`, `concurrency` at a time (sockets open 50 at a time: the server's accept queue is not the test); resolves with their results in order. */
export async function inBatches(count, task, concurrency = 50) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
