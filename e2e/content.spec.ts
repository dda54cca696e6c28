import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, toastText } from './support/browser';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { memberPages } from './support/members';

/**
 * Creator content (spec §2 Upload content, the dashboard's media tiles): a photo and a ~20 MB video
 * uploaded through the form with the progress bar showing; the video plays and seeks in the browser's
 * own player (byte ranges); the files served carry no location; a Fab moves an item up Hot.
 */

let server: RestartableServer;
let browser: Browser;
let members: ReturnType<typeof memberPages>;
let work: string;
let videoFile: string;
let imageFile: string;
const stamp = Date.now().toString(36);
const accounts = {} as Record<'creator' | 'fan', { email: string; password: string }>;
const ids = {} as Record<'creator' | 'fan', string>;
const PLACE = '+51.5074-000.1278';

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'velvet-content-e2e-'));
  videoFile = path.join(work, 'holiday.mp4');
  imageFile = path.join(work, 'beach.png');
  // ~20 MB: 10 s of test pattern at a high bitrate, with the place it was "taken" in its container
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25,noise=alls=40:allf=t',
    '-t',
    '10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '16M',
    '-maxrate',
    '16M',
    '-bufsize',
    '8M',
    '-metadata',
    `location=${PLACE}/`,
    '-movflags',
    'use_metadata_tags',
    videoFile,
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', imageFile]);
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
  members = memberPages(browser, server);
  for (const who of ['creator', 'fan'] as const) {
    const { id, email, password } = await members.join({ username: `${who}_${stamp}`, displayName: `${who} ${stamp}`, city: 'Brighton' });
    accounts[who] = { email, password };
    ids[who] = id;
  }
  await members.closeAll();
  // the creator's model verification, approved (a moderator's decision: verification.spec.ts walks it)
  await server.restart(() =>
    withEmbeddedDatabase(server.dataDir, async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into user_verifications (user_id, verification_type, verification_data, status, photo_key)
         values ($1, 'model', '{}', 'approved', $2) returning id`,
        [ids.creator, `${ids.creator}/verification_e2e.webp`],
      );
      await db.query(`insert into verification_badges (user_id, badge_type, verification_id) values ($1, 'creator', $2)`, [
        ids.creator,
        rows[0]!.id,
      ]);
    }),
  );
}, 120_000);
afterAll(async () => {
  await members?.closeAll();
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

async function uploadThroughForm(page: Page, title: string, file: string, type: 'Image' | 'Video') {
  await page.goto('/content');
  await page.getByRole('heading', { level: 1, name: 'Upload Content' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Content type').selectOption(type === 'Video' ? 'video' : 'image');
  await page.getByLabel(type, { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload Content' }).click();
}

describe('Content', () => {
  it('uploads a photo and a 20 MB video with a progress bar; the video plays and seeks; no location is served', async () => {
    expect((await stat(videoFile)).size).toBeGreaterThan(18 * 1024 * 1024);
    const { page } = await members.signIn(accounts.creator);

    await uploadThroughForm(page, `Beach ${stamp}`, imageFile, 'Image');
    expect(await toastText(page)).toContain('Content uploaded successfully');
    await page.waitForURL('**/profile');

    await uploadThroughForm(page, `Holiday ${stamp}`, videoFile, 'Video');
    const bar = page.getByRole('progressbar');
    await bar.waitFor({ state: 'visible' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(await toastText(page)).toContain('Content uploaded successfully');
    // the form is reset, then the profile opens after 1.5 s
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await page.waitForURL('**/profile');

    await page.goto('/content/mine');
    await page.getByRole('heading', { level: 1, name: 'Your Photos/Videos' }).waitFor();
    const video = page.locator('video');
    await video.waitFor();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.preload = 'auto';
      v.load();
      await new Promise((resolve, reject) => {
        v.addEventListener('loadeddata', resolve, { once: true });
        v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
      });
      await v.play();
      v.pause();
      const seeked = new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
      v.currentTime = 7;
      await seeked;
      return { currentTime: v.currentTime, readyState: v.readyState, duration: v.duration };
    });
    expect(played.duration).toBeGreaterThan(9);
    expect(played.currentTime).toBeCloseTo(7, 0);
    expect(played.readyState).toBeGreaterThanOrEqual(2);

    const src = (await video.getAttribute('src'))!;
    const range = await page.request.get(src, { headers: { range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    const whole = await page.request.get(src);
    expect((await whole.body()).includes(PLACE)).toBe(false);
    await expectNoSeriousAxeViolations(page, '/content/mine');
  }, 120_000);

  it('a Fab moves an item up Hot', async () => {
    const creator = await members.signIn(accounts.creator);
    const fan = await members.signIn(accounts.fan);
    const page = fan.page;
    await page.goto('/content/new');
    await page.getByRole('heading', { level: 1, name: 'New Photos/Videos' }).waitFor();
    const card = (title: string) => page.getByTestId('content-card').filter({ hasText: title });
    await card(`Holiday ${stamp}`).getByRole('button', { name: 'Fab' }).click();
    await card(`Holiday ${stamp}`).getByText('1 Fab').waitFor();

    await page.goto('/content/hot');
    const hotTitles = () => page.getByTestId('content-card').locator('h3').allInnerTexts();
    await expect.poll(hotTitles).toEqual([`Holiday ${stamp}`]);

    // two Fabs for the photo: it moves above the video
    await page.goto('/content/new');
    await card(`Beach ${stamp}`).getByRole('button', { name: 'Fab' }).click();
    await card(`Beach ${stamp}`).getByRole('button', { name: "Fab'd" }).waitFor();
    const { items } = (await (await creator.page.request.get('/api/v1/content/mine')).json()) as { items: { id: string; title: string }[] };
    const beach = items.find((i) => i.title === `Beach ${stamp}`)!;
    expect((await creator.page.request.put(`/api/v1/content/${beach.id}/fab`)).ok()).toBe(true);
    await page.goto('/content/hot');
    await expect.poll(hotTitles).toEqual([`Beach ${stamp}`, `Holiday ${stamp}`]);
    await page.getByTestId('content-card').first().getByText('2 Fabs').waitFor();
    await expectNoSeriousAxeViolations(page, '/content/hot');
  }, 60_000);

  it('pay-per-view: others see a blurred preview and the price, never the original; premium-only needs a premium member', async () => {
    const creator = await members.signIn(accounts.creator);
    await creator.page.goto('/content');
    await creator.page.getByRole('heading', { level: 1, name: 'Upload Content' }).waitFor();
    await expectNoSeriousAxeViolations(creator.page, '/content');
    await creator.page.getByLabel('Title', { exact: true }).fill(`Paid ${stamp}`);
    await creator.page.getByRole('switch', { name: 'Premium Members Only' }).click();
    // turning pay-per-view on hides premium-only (spec §4)
    await creator.page.getByRole('switch', { name: 'Pay-per-view' }).click();
    await creator.page.getByRole('switch', { name: 'Premium Members Only' }).waitFor({ state: 'detached' });
    await creator.page.getByLabel('Price (£)').fill('4.99');
    await creator.page.getByLabel('Image', { exact: true }).setInputFiles(imageFile);
    await creator.page.getByRole('button', { name: 'Upload Content' }).click();
    expect(await toastText(creator.page)).toContain('Content uploaded successfully');
    const premium = await creator.page.request.post('/api/v1/content', {
      multipart: {
        title: `Members ${stamp}`,
        premiumOnly: 'true',
        file: { name: 'p.png', mimeType: 'image/png', buffer: await readFile(imageFile) },
      },
    });
    expect(premium.status()).toBe(201);
    const mine = (await (await creator.page.request.get('/api/v1/content/mine')).json()) as { items: { title: string; url: string }[] };
    const paid = mine.items.find((i) => i.title === `Paid ${stamp}`)!;
    const premiumItem = mine.items.find((i) => i.title === `Members ${stamp}`)!;

    const { page } = await members.signIn(accounts.fan);
    await page.goto('/content/new');
    const card = page.getByTestId('content-card').filter({ hasText: `Paid ${stamp}` });
    await card.getByRole('button', { name: 'Unlock for £4.99' }).click();
    expect(await toastText(page)).toContain('payment provider');
    const preview = await card.locator('img').getAttribute('src');
    expect(preview).toMatch(/_preview\.webp$/);
    expect((await page.request.get(preview!)).status()).toBe(200);
    // by URL: the originals are not served to the fan
    expect((await page.request.get(paid.url)).status()).toBe(404);
    expect((await page.request.get(premiumItem.url)).status()).toBe(404);
    expect((await creator.page.request.get(paid.url)).status()).toBe(200);
  }, 60_000);
});
