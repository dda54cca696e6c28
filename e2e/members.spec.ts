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

  it("Who's Near: refused location leaves it off with the spec's banner; allowed, it lists who is near", async () => {
    // no permission: the browser says no
    await page.goto('/whos-near');
    const toggle = page.getByRole('switch', { name: "Who's Near" });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    await toggle.click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Location access denied. Please enable location services to see who's near you." })
      .waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // allowed, in central Salford: the Salford member is near, Leeds and London are not
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 53.4875, longitude: -2.2901 });
    await toggle.click();
    const list = page.getByRole('list', { name: 'People near you' });
    await list.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const text = await list.innerText();
    expect(text).toContain(`salford_${stamp}`);
    expect(text).not.toContain(`leeds_${stamp}`);
    expect(text).not.toContain(`london_${stamp}`);
    expect(text).toMatch(/< 1 mile|~2 miles/);
    await page.getByRole('complementary', { name: "Who's Near status" }).getByText('ON', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await list.getByRole('link', { name: `View Profile of salford_${stamp}` }).waitFor();
    // on a small phone (360 × 640) the whole name and the distance are shown, nothing cut
    await page.setViewportSize({ width: 360, height: 640 });
    const row = list.getByRole('listitem').filter({ hasText: `salford_${stamp}` });
    const cut = await row.evaluate((li) =>
      Array.from(li.querySelectorAll('span:not(.sr-only)'))
        .filter((s) => s.childElementCount === 0 && s.scrollWidth > s.clientWidth + 1)
        .map((s) => s.textContent),
    );
    expect(cut).toEqual([]);
    expect(await row.innerText()).toMatch(/(< 1 mile|~2 miles)/);
    await page.setViewportSize({ width: 360, height: 780 });

    await toggle.click();
    await page.getByRole('heading', { name: "Who's Near is off" }).waitFor();
    await page.getByRole('complementary', { name: "Who's Near status" }).getByText('OFF', { exact: true }).waitFor();
  });
});
