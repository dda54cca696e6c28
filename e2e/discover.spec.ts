import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, toastText } from './support/browser';
import { initiatorsOf } from './support/preloads';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { completeProfile, confirmedAccount, memberPages } from './support/members';

/**
 * Discover on real members: a ranked card, pass and like stored by the server (a reload does not
 * bring them back), a mutual like's toast and the Matches count, server-side filters, the empty
 * state, and the Like button on /browse. Members on either side of a block and an anonymous member
 * share the most interests with the viewer and live in the same town, yet never appear. There is no
 * block or privacy screen yet, so the test sets those in the embedded database while the server is
 * stopped, then starts it again.
 */

let server: RestartableServer;
let browser: Browser;
let members: ReturnType<typeof memberPages>;
let page: Page;
const stamp = Date.now().toString(36);
const name = {
  viewer: `viewer_${stamp}`,
  top: `top_${stamp}`,
  second: `second_${stamp}`,
  third: `third_${stamp}`,
  leeds: `leeds_${stamp}`,
  blocksMe: `blocker_${stamp}`,
  iBlocked: `blockee_${stamp}`,
  anon: `anon_${stamp}`,
};
type Who = keyof typeof name;
const city: Record<Who, string> = {
  viewer: 'Manchester',
  top: 'Salford',
  second: 'Manchester',
  third: 'Manchester',
  leeds: 'Leeds',
  blocksMe: 'Manchester',
  iBlocked: 'Manchester',
  anon: 'Manchester',
};
const both = ['bisexual', 'seeking-couples'];
const interests: Partial<Record<Who, string[]>> = {
  viewer: both,
  top: both,
  second: ['bisexual'],
  blocksMe: both,
  iBlocked: both,
  anon: both,
};
const accounts = {} as Record<Who, { email: string; password: string }>;
const ids = {} as Record<Who, string>;

async function signedIn(who: Who): Promise<Page> {
  const { page, id } = await members.signIn(accounts[who]);
  ids[who] = id;
  return page;
}

async function setInterests(request: APIRequestContext, list: string[]) {
  const { profile } = (await (await request.get('/api/v1/profiles/me')).json()) as { profile: Record<string, unknown> };
  // the edit form sends what is set (no nulls), with the new interests
  const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== null));
  const res = await request.put('/api/v1/profiles/me', { data: { ...set, interests: list } });
  if (!res.ok()) throw new Error(`interests: ${res.status()} ${await res.text()}`);
}

/** Sets what no screen sets yet, straight in the embedded database while no server holds it. */
async function blockAndGoAnonymous() {
  await withEmbeddedDatabase(server.dataDir, async (db) => {
    await db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2), ($3, $4)', [
      ids.blocksMe,
      ids.viewer,
      ids.viewer,
      ids.iBlocked,
    ]);
    await db.query('update profiles set anonymous_mode = true where user_id = $1', [ids.anon]);
  });
}

const fitsThePhone = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const cardName = (p: Page) => p.getByRole('article').getByRole('heading', { level: 2 });
const matches = (p: Page) => p.locator('[data-stat="matches"]');

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
  members = memberPages(browser, server);
  for (const who of Object.keys(name) as Who[]) {
    accounts[who] = await confirmedAccount(server);
    const p = await signedIn(who);
    await completeProfile(p.request, { username: name[who], displayName: name[who], city: city[who] });
    if (interests[who]) await setInterests(p.request, interests[who]);
    // they liked the viewer already: the viewer's like of them is a match
    if (who === 'third' || who === 'leeds') {
      const res = await p.request.post(`/api/v1/discover/${ids.viewer}/like`);
      expect(res.ok()).toBe(true);
    }
  }
  await members.closeAll();
  await server.restart(blockAndGoAnonymous);
  page = await signedIn('viewer');
});
afterAll(async () => {
  await members.closeAll();
  await browser?.close();
  await server?.stop();
});

describe('Discover', () => {
  it('shows the best match first; pass and like are stored, and a reload does not bring them back', async () => {
    await page.goto('/discover');
    await page.getByRole('heading', { level: 1, name: 'Discover' }).waitFor();
    await page.getByText('Find your perfect match').waitFor();
    await page.getByText('Showing local users with similar interests').waitFor();
    // two shared interests; the blocked and anonymous members share as many and live nearer, yet are not shown
    await expect.poll(() => cardName(page).innerText()).toBe(name.top);
    await expect.poll(() => matches(page).innerText()).toBe('0');
    // the first card and the counts were asked for by the page the server sent, alongside its scripts
    expect(await initiatorsOf(page, ['/api/v1/discover/next', '/api/v1/discover/stats'])).toEqual({
      '/api/v1/discover/next': ['link'],
      '/api/v1/discover/stats': ['link'],
    });
    const card = page.getByRole('article');
    expect(await card.getByRole('list', { name: 'You both like:' }).innerText()).toMatch(/Bisexual[\s\S]*Seeking couples/);
    expect(await card.innerText()).toContain('30 years old');
    expect(await card.innerText()).toMatch(/Salford · (< 1 mile|~2 miles|~5 miles)/);
    expect(await card.getByRole('link', { name: 'View full profile' }).getAttribute('href')).toBe(`/profile/${ids.top}`);
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/discover');
    // on a small phone (360 × 640) Like and Pass are on screen without a scroll, above the bottom navigation
    await page.setViewportSize({ width: 360, height: 640 });
    const nav = await page.getByRole('navigation', { name: 'Bottom navigation' }).boundingBox();
    for (const name of ['Like', 'Pass']) {
      const box = await card.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y, name).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(nav!.y);
    }
    await page.setViewportSize({ width: 360, height: 780 });

    await card.getByRole('button', { name: 'Pass' }).click();
    await expect.poll(() => cardName(page).innerText()).toBe(name.second);
    await page.getByRole('article').getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => cardName(page).innerText()).toBe(name.third);

    await page.reload();
    await expect.poll(() => cardName(page).innerText()).toBe(name.third);
  });

  it('a mutual like shows the match toast and Matches goes up; then there are no more profiles', async () => {
    await expect.poll(() => matches(page).innerText()).toBe('0');
    await page.getByRole('article').getByRole('button', { name: 'Like' }).click();
    expect(await toastText(page)).toContain(`You and ${name.third} like each other.`);
    await expect.poll(() => matches(page).innerText()).toBe('1');
    // Leeds is beyond the default 50 km; the blocked and anonymous members never come
    await page.getByRole('heading', { name: 'No more profiles' }).waitFor();
    await page.getByText('Check back later for new matches!').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'No more profiles' }).waitFor();
  });

  it('filters are applied by the server, from the keyboard too', async () => {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const distance = page.getByRole('slider', { name: 'Maximum distance' });
    expect(await distance.getAttribute('aria-valuetext')).toBe('50 km');
    await distance.focus();
    for (let i = 0; i < 10; i++) await distance.press('ArrowRight');
    expect(await distance.getAttribute('aria-valuetext')).toBe('100 km');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardName(page).innerText()).toBe(name.leeds);
    expect(await page.getByRole('article').innerText()).toContain('25+ miles');

    // a place the server does not know is the member's mistake, said in plain words
    await page.getByLabel('Location').fill('Atlantis');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('alert').filter({ hasText: 'We could not find "Atlantis". Try a UK town or city.' }).first().waitFor();

    // measured from a typed town instead of the member's own
    await page.getByLabel('Location').fill('Leeds');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardName(page).innerText()).toBe(name.leeds);
    expect(await page.getByRole('button', { name: 'Hide Filters' }).getAttribute('aria-expanded')).toBe('true');
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/discover with filters open');
  });

  it('Start over brings back the members passed, and says so; likes stay', async () => {
    await page.goto('/discover');
    await page.getByRole('heading', { name: 'No more profiles' }).waitFor();
    await page.getByText('Profiles you passed come back after 30 days, or start over now to see them again.').waitFor();
    await page.getByRole('button', { name: 'Start over' }).click();
    expect(await toastText(page)).toContain('Starting over: profiles you passed will show again');
    // the one passed comes back; the two liked do not
    await expect.poll(() => cardName(page).innerText()).toBe(name.top);
    await page.getByRole('article').getByRole('button', { name: 'Pass' }).click();
    await page.getByRole('heading', { name: 'No more profiles' }).waitFor();
  });
});

describe('Like on /browse', () => {
  it('likes a member from their card, says so on a match, and the liked state stays after a reload', async () => {
    await page.goto('/browse');
    const list = page.getByRole('list', { name: 'Members' });
    await list.getByRole('button', { name: `Liked @${name.second}` }).waitFor();
    expect(await list.getByRole('button', { name: `Liked @${name.second}` }).isDisabled()).toBe(true);

    const likeLeeds = list.getByRole('button', { name: `Like @${name.leeds}` });
    await likeLeeds.click();
    expect(await toastText(page)).toContain(`You and ${name.leeds} like each other.`);
    await list.getByRole('button', { name: `Liked @${name.leeds}` }).waitFor();

    await page.reload();
    await list.getByRole('button', { name: `Liked @${name.leeds}` }).waitFor();
    await list.getByRole('button', { name: `Like @${name.top}` }).waitFor();
    // blocked and anonymous members are not on the Members page either
    const text = await list.innerText();
    for (const who of ['blocksMe', 'iBlocked', 'anon'] as const) expect(text).not.toContain(name[who]);
    expect(await fitsThePhone(page)).toBe(true);
  });
});
