// The bare server of sql-floor.mjs: node:http and node-postgres, two pools as the server opens
// them (db/client.ts: one of them keeps generic plans; db/pool.ts), each statement prepared by its name and its
// rows read as the server's db/prepared.ts does; a request's statements one after another (the
// server runs a few side by side), the last one's rows answered as JSON.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { openGenericPlanPool } from '../../server/src/db/generic-plans.ts';
import { DEFAULT_POOL_SIZE, openPool } from '../../server/src/db/pool.ts';
import { rowTypes } from '../../server/src/db/prepared.ts';

const statements = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// opened, and each connection set, as the server's are, as many connections (DATABASE_POOL_SIZE as the bench was given it)
const poolSize = Number(process.env.DATABASE_POOL_SIZE) || DEFAULT_POOL_SIZE;
const pool = openPool(process.env.DATABASE_URL, poolSize);
const genericPlans = openGenericPlanPool(process.env.DATABASE_URL, poolSize);
for (const p of [pool, genericPlans]) p.on('error', (err) => console.warn('bare server: idle connection error:', err.message));
const sent = new Map();

http
  .createServer(async (req, res) => {
    const sendings = statements[req.url.slice(1)];
    if (!sendings) return res.writeHead(404).end();
    const i = sent.get(req.url) ?? 0;
    sent.set(req.url, i + 1);
    try {
      let rows = [];
      for (const s of sendings[i % sendings.length])
        rows = (await (s.genericPlan ? genericPlans : pool).query({ name: s.name, text: s.text, values: s.values, types: rowTypes })).rows;
      const body = JSON.stringify({ items: rows });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
