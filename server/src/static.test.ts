import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWebApp } from './static';

let dist: string;
const app = new Hono();
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'velvet-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Velvet</title>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
  expect(mountWebApp(app, dist)).toBe(true);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it('answers the site root and every app route with the page, never a folder', async () => {
    for (const url of ['/', '/login', '/messages/abc', '/assets', '/icons/', '/assets/']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await res.text(), url).toContain('<title>Velvet</title>');
    }
  });

  it('serves the build’s files, hashed assets cached for a year', async () => {
    const asset = await app.request('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/manifest.webmanifest')).status).toBe(200);
  });
});
