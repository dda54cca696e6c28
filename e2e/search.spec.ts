import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, toastText } from './support/browser';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { completeProfile, confirmedAccount, memberPages } from './support/members';

/**
 * The Search hub on real members: tiles lead to real lists (New Couples shows the new couple, not the
 * single man who joined a month ago), creator tiles, the quick username search, saved searches with the
 * hub's badge, and the Who's Near switch shared with /whos-near. Blocked (either way) and anonymous
 * members never appear. What no screen sets yet (an old join date, blocks, anonymous mode, creator
 * tags) is written to the embedded database while the server is stopped.
 */

let server: RestartableServer;
let browser: Browser;
let members: ReturnType<typeof memberPages>;
let page: Page;
const stamp = Date.now().toString(36);
const name = {
  viewer: `viewer_${stamp}`,
  couple: `ncouple_${stamp}`,
  newMan: `newman_${stamp}`,
  oldMan: `oldman_${stamp}`,
  creator: `creator_${stamp}`,
  blocker: `blocker_${stamp}`,
  blocked: `blocked_${stamp}`,
  anon: `anon_${stamp}`,
};
type Who = keyof typeof name;
const HIDDEN: Who[] = ['blocker', 'blocked', 'anon'];
const profile: Record<Who, { city: string; gender: string }> = {
  viewer: { city: 'Manchester', gender: 'single-female' },
  couple: { city: 'Manchester', gender: 'male-female-couple' },
  newMan: { city: 'Leeds', gender: 'single-male' },
  oldMan: { city: 'Manchester', gender: 'single-male' },
  creator: { city: 'Leeds', gender: 'single-female' },
  blocker: { city: 'Manchester', gender: 'male-female-couple' },
  blocked: { city: 'Manchester', gender: 'male-female-couple' },
  anon: { city: 'Manchester', gender: 'male-female-couple' },
};
const accounts = {} as Record<Who, { email: string; password: string }>;
const ids = {} as Record<Who, string>;

async function signedIn(who: Who): Promise<Page> {
  const { page, id } = await members.signIn(accounts[who]);
  ids[who] = id;
  return page;
}

/** Sets what no screen sets yet, straight in the embedded database while no server holds it. */
async function setUpInDatabase() {
  await withEmbeddedDatabase(server.dataDir, async (db) => {
    await db.query(
      `update profiles set created_at = now() - interval '30 days', last_active_at = now() - interval '2 hours' where user_id = $1`,
      [ids.oldMan],
    );
    await db.query(`update profiles set interests = '{content-creator,video}' where user_id = $1`, [ids.creator]);
    // the hidden members would match every tile: new couples, online, video creators, placed by their phone
    for (const who of HIDDEN)
      await db.query(`update profiles set interests = '{content-creator,video}', location_source = 'device' where user_id = $1`, [
        ids[who],
      ]);
    await db.query('update profiles set anonymous_mode = true where user_id = $1', [ids.anon]);
    await db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2), ($3, $4)', [
      ids.blocker,
      ids.viewer,
      ids.viewer,
      ids.blocked,
    ]);
  });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
  members = memberPages(browser, server);
  for (const who of Object.keys(name) as Who[]) {
    accounts[who] = await confirmedAccount(server);
    const p = await signedIn(who);
    await completeProfile(p.request, { username: name[who], displayName: name[who], ...profile[who] });
    // Who's Near on, in Salford: placed by the phone, next to the viewer's Manchester
    if (who === 'newMan')
      expect((await p.request.put('/api/v1/members/me/location', { data: { lat: 53.4875, lng: -2.2901 } })).ok()).toBe(true);
  }
  await members.closeAll();
  await server.restart(setUpInDatabase);
  page = await signedIn('viewer');
});
afterAll(async () => {
  await members.closeAll();
  await browser?.close();
  await server?.stop();
});

const cards = (p: Page) => p.getByRole('list', { name: 'Members' }).getByRole('listitem');
const cardNames = async (p: Page) => (await cards(p).allInnerTexts()).map((t) => /@(\S+)/.exec(t)?.[1]).sort();
const fitsThePhone = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const hub = async () => {
  await page.goto('/search');
  await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
};
const openTile = async (label: string) => {
  await hub();
  // a tile's name may end in its NEW or count badge
  await page.getByRole('link', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
};
/** Waits for a result list (or its empty state) and returns who is on it. */
const results = async () => {
  await Promise.race([cards(page).first().waitFor(), page.getByRole('heading', { name: 'No members found' }).waitFor()]);
  return cardNames(page);
};

describe('Search hub', () => {
  it('has every tile, each leading to a real list: New Couples shows only the new couple', async () => {
    await hub();
    for (const label of [
      'Advanced Search',
      'Old Basic Search',
      "Who's Mobile Nearby",
      'Couples Online',
      'Women Online',
      'Men Online',
      'TV-TS-CD Online',
      'Name Search',
      'Sexual Health',
      'Safer Meets',
      'Video Creators',
      'Premium Creators',
    ])
      await page.getByRole('link', { name: label, exact: true }).waitFor();
    await page.getByRole('link', { name: /^New Couples/ }).waitFor();
    await page.getByText('Browsing UK. Tap to change.').waitFor();
    expect(await fitsThePhone(page)).toBe(true);

    await page.getByRole('link', { name: /^New Couples/ }).click();
    await page.getByRole('heading', { level: 1, name: 'New Couples' }).waitFor();
    expect(await results()).toEqual([name.couple]);
    expect(await fitsThePhone(page)).toBe(true);

    await openTile('Men Online');
    expect(await results()).toEqual([name.newMan]);

    await hub();
    await page.getByRole('link', { name: /^New Men/ }).click();
    await page.getByRole('heading', { level: 1, name: 'New Men' }).waitFor();
    expect(await results()).toEqual([name.newMan]);

    await openTile('Video Creators');
    expect(await results()).toEqual([name.creator]);

    await openTile('TV-TS-CD Online');
    await page.getByRole('heading', { name: 'No members found' }).waitFor();
  });

  it("Who's Mobile Nearby lists members whose phone placed them near me", async () => {
    await openTile("Who's Mobile Nearby");
    expect(await results()).toEqual([name.newMan]);
    expect(await cards(page).first().innerText()).toMatch(/< 1 mile|~2 miles|~5 miles/);
  });

  it('the quick username search and Name Search find members by name', async () => {
    await hub();
    await page.getByRole('search', { name: 'Quick username search' }).getByLabel('Username').fill(`OLDMAN_${stamp}`);
    await page.getByRole('button', { name: 'Search Now' }).click();
    await page.waitForURL('**/search/results?q=*');
    expect(await results()).toEqual([name.oldMan]);

    await openTile('Name Search');
    await page.getByLabel('Name', { exact: true }).fill(stamp);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search/results?name=*');
    expect(await results()).toEqual([name.couple, name.creator, name.newMan, name.oldMan].sort());
  });

  it('never shows a blocked member (either way) or an anonymous member, on any tile', async () => {
    const tiles = ['/search/results?type=couples&online=1', '/search/results?creator=video', '/search/results?mobile=1', '/search/results'];
    for (const who of HIDDEN) tiles.push(`/search/results?q=${name[who]}`);
    for (const url of tiles) {
      await page.goto(url);
      const shown = await results();
      for (const who of HIDDEN) expect(shown, url).not.toContain(name[who]);
    }
  });

  it('saves a search from Advanced Search, counts it on the hub, runs it and deletes it', async () => {
    await hub();
    const savedTile = page.getByRole('link', { name: /^Saved Searches/ });
    expect((await savedTile.innerText()).trim()).toBe('Saved Searches');

    await openTile('Advanced Search');
    await page.getByLabel('Member type').selectOption('couples');
    await page.getByLabel('Minimum age').fill('40');
    await page.getByLabel('Maximum age').fill('30');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('The maximum age must not be below the minimum age').waitFor();
    await page.getByLabel('Minimum age').fill('');
    await page.getByLabel('Maximum age').fill('');
    await page.getByLabel('Online now only').check();

    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByText('Give the search a name').waitFor();
    await page.getByLabel('Search name').fill('Couples online now');
    await page.getByRole('button', { name: 'Save this search' }).click();
    expect(await toastText(page)).toContain('Search saved');

    await hub();
    await expect.poll(async () => (await savedTile.innerText()).replace(/\s+/g, ' ').trim()).toBe('Saved Searches 1');
    await savedTile.click();
    await page.getByRole('heading', { level: 1, name: 'Saved Searches' }).waitFor();
    await page.getByRole('heading', { name: 'Couples online now' }).waitFor();
    await page.getByRole('link', { name: 'Run Couples online now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Couples online now' }).waitFor();
    expect(await results()).toEqual([name.couple]);

    await page.goBack();
    await page.getByRole('button', { name: 'Delete Couples online now' }).click();
    await page.getByRole('heading', { name: 'No saved searches yet' }).waitFor();
    await hub();
    expect((await savedTile.innerText()).trim()).toBe('Saved Searches');
  });

  it("the Who's Near switch is the same setting as on /whos-near", async () => {
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 53.4808, longitude: -2.2426 });
    await hub();
    const toggle = page.getByRole('switch', { name: "Who's Near" });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    await page.goto('/whos-near');
    const there = page.getByRole('switch', { name: "Who's Near" });
    await page.getByRole('list', { name: 'People near you' }).waitFor();
    expect(await there.getAttribute('aria-checked')).toBe('true');
    await there.click();
    await page.getByRole('heading', { name: "Who's Near is off" }).waitFor();

    await hub();
    await expect.poll(() => page.getByRole('switch', { name: "Who's Near" }).getAttribute('aria-checked')).toBe('false');
  });

  it('Photos by Category, Old Basic Search and Sexual Health lead somewhere real', async () => {
    await openTile('Photos by Category');
    await page.getByRole('tab', { name: 'Couples' }).click();
    await page.getByRole('heading', { name: 'No photos yet' }).waitFor();

    await openTile('Old Basic Search');
    await page.getByLabel('Location').fill('leeds');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await results()).toEqual([name.creator, name.newMan].sort());

    await openTile('Sexual Health');
    await page.getByRole('link', { name: 'Find a sexual health clinic (NHS)' }).waitFor();
  });

  it('is accessible and fits a 360 px phone: hub, results, Advanced Search, Saved Searches and Photos', async () => {
    for (const [url, heading] of [
      ['/search', 'Search'],
      ['/search/results?type=couples&joinedDays=14&sort=newest', 'New Couples'],
      ['/search/advanced', 'Advanced Search'],
      ['/search/saved', 'Saved Searches'],
      ['/search/photos', 'Photos by Category'],
    ]) {
      await page.goto(url!);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // the page's own content, not its loading spinner
      await page
        .getByRole('status')
        .filter({ hasText: /^Loading/ })
        .waitFor({ state: 'detached' });
      expect(await fitsThePhone(page), url).toBe(true);
      await expectNoSeriousAxeViolations(page, url!);
    }
  });
});
