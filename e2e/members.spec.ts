import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi } from './support/members';

/** The Members page (/browse) on real members: nearest first, search, sorts, and the live online count. */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;
const stamp = Date.now().toString(36);

async function member(username: string, city: string, gender = 'single-female') {
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  const p = await context.newPage();
  await signInThroughApi(p.request, server, await confirmedAccount(server));
  await completeProfile(p.request, { username, displayName: username, city, gender });
  return p;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await member(`viewer_${stamp}`, 'Manchester');
  // created one after another, so newest-first has a known order
  await member(`salford_${stamp}`, 'Salford');
  await member(`leeds_${stamp}`, 'Leeds', 'male-female-couple');
  await member(`london_${stamp}`, 'London');
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

const cards = (p: Page) => p.getByRole('list', { name: 'Members' }).getByRole('listitem');
const cardNames = async (p: Page) => (await cards(p).allInnerTexts()).map((t) => /@(\S+)/.exec(t)?.[1]);

describe('Members page', () => {
  it('lists real members nearest first with approximate distances and a real online count', async () => {
    await page.goto('/browse');
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await cards(page).first().waitFor();
    expect(await cardNames(page)).toEqual([`salford_${stamp}`, `leeds_${stamp}`, `london_${stamp}`]);
    expect(await cards(page).nth(1).innerText()).toContain('25+ miles');
    expect(await cards(page).nth(1).innerText()).toContain('Couple');
    // the viewer's own socket keeps them online: the count is real, at least 1
    const badge = page.getByText(/^\d+ online$/);
    await badge.waitFor();
    expect(Number((await badge.innerText()).split(' ')[0])).toBeGreaterThanOrEqual(1);
  });

  it('searches by username and place with Search Members, and sorts', async () => {
    await page.goto('/browse');
    await page.getByLabel('Username').fill('LEEDS');
    await page.getByRole('button', { name: 'Search Members' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`leeds_${stamp}`]);
    expect(page.url()).toContain('q=LEEDS');

    await page.getByLabel('Username').fill('');
    await page.getByLabel('Location').fill('lond');
    await page.getByRole('button', { name: 'Search Members' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`london_${stamp}`]);

    await page.getByLabel('Location').fill('nowhere-at-all');
    await page.getByRole('button', { name: 'Search Members' }).click();
    await page.getByRole('heading', { name: 'No members found' }).waitFor();

    await page.getByLabel('Location').fill('');
    await page.getByRole('button', { name: 'Search Members' }).click();
    await page.getByLabel('Sort').selectOption('newest');
    await expect.poll(() => cardNames(page)).toEqual([`london_${stamp}`, `leeds_${stamp}`, `salford_${stamp}`]);

    await cards(page).first().getByRole('link').click();
    await page.waitForURL('**/profile/**');
    await page.getByRole('heading', { level: 1, name: `london_${stamp}` }).waitFor();
  });
});
