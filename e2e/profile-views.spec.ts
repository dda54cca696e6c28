import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, twoFrames } from './support/browser';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { completeProfile, confirmedAccount, memberPages } from './support/members';

/**
 * 'Looked @ Me': a member opens another's profile (twice: it counts once), the viewed member's
 * dashboard counts today's viewers and its tile opens the list. A viewer who was blocked, and one who
 * turned anonymous mode on, after they looked never show. There is no blocking or privacy screen yet,
 * so the test sets those in the embedded database while the server is stopped, then starts it again.
 */

let server: RestartableServer;
let browser: Browser;
let members: ReturnType<typeof memberPages>;
const stamp = Date.now().toString(36);
const name = {
  viewed: `viewed_${stamp}`,
  viewer: `viewer_${stamp}`,
  blocked: `blocked_${stamp}`,
  anonymous: `anon_${stamp}`,
};
type Who = keyof typeof name;
const accounts = {} as Record<Who, { email: string; password: string }>;
const ids = {} as Record<Who, string>;

/** A phone-sized page signed in as `who` on the running server. */
async function signedIn(who: Who): Promise<Page> {
  const { page, id } = await members.signIn(accounts[who]);
  ids[who] = id;
  return page;
}

/** Sets what no screen sets yet, straight in the embedded database while no server holds it. */
async function blockAndGoAnonymous() {
  await withEmbeddedDatabase(server.dataDir, async (db) => {
    await db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2)', [ids.viewed, ids.blocked]);
    await db.query('update profiles set anonymous_mode = true where user_id = $1', [ids.anonymous]);
  });
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
  members = memberPages(browser, server);
  for (const who of Object.keys(name) as Who[]) {
    accounts[who] = await confirmedAccount(server);
    const page = await signedIn(who);
    await completeProfile(page.request, { username: name[who], displayName: name[who], city: who === 'viewer' ? 'Leeds' : 'Manchester' });
    // the blocked and the anonymous member look first, before the block and anonymous mode
    if (who === 'blocked' || who === 'anonymous') expect((await page.request.get(`/api/v1/profiles/${ids.viewed}`)).ok()).toBe(true);
  }
  await members.closeAll();
  await server.restart(blockAndGoAnonymous);
});
afterAll(async () => {
  await members.closeAll();
  await browser?.close();
  await server?.stop();
});

describe('Looked @ Me', () => {
  it('counts a member who looked twice once, on the dashboard tile, and the tile lists them; blocked and anonymous viewers never show', async () => {
    const viewer = await signedIn('viewer');
    for (let i = 0; i < 2; i++) {
      await viewer.goto(`/profile/${ids.viewed}`);
      await viewer.getByRole('heading', { level: 1, name: name.viewed }).waitFor();
    }

    const page = await signedIn('viewed');
    await page.goto('/dashboard');
    const tile = page.getByRole('link', { name: /^Looked @ Me/ });
    await expect.poll(() => tile.innerText()).toMatch(/Looked @ Me\s*1\s*people today/);
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/dashboard with a viewer');

    await tile.click();
    await page.waitForURL('**/looked-at-me');
    await page.getByRole('heading', { level: 1, name: 'Looked @ Me' }).waitFor();
    const today = page.getByRole('list', { name: 'Today' });
    await today.getByRole('listitem').first().waitFor();
    const shown = await today.getByRole('listitem').allInnerTexts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(`@${name.viewer}`);
    expect(shown[0]).toContain('Leeds');
    const everything = await page.locator('main').innerText();
    expect(everything).not.toContain(name.blocked);
    expect(everything).not.toContain(name.anonymous);
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/looked-at-me');

    // the card opens the viewer's profile
    await today.getByRole('link').first().click();
    await page.waitForURL(`**/profile/${ids.viewer}`);
    await page.getByRole('heading', { level: 1, name: name.viewer }).waitFor();
  });

  it('says so in plain words when no one has looked, and the dashboard shows no badge', async () => {
    // nobody has looked at the anonymous member's profile
    const page = await signedIn('anonymous');
    const viewsToday = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/profile-views/today');
    await page.goto('/dashboard');
    const tile = page.getByRole('link', { name: /^Looked @ Me/ });
    await tile.waitFor();
    // the badge's count has come (none) and two frames have been drawn since
    expect(await (await viewsToday).json()).toMatchObject({ count: 0 });
    await twoFrames(page);
    expect((await tile.innerText()).trim()).toBe('Looked @ Me');

    await page.goto('/looked-at-me');
    await page.getByRole('heading', { name: 'No one has looked yet' }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/looked-at-me (empty)');
  });
});
