import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, toastText } from './support/browser';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { memberPages } from './support/members';

/**
 * Clubs (spec §2): the directory searched as a member would (name or town, the location box, a region
 * together with them), a review written on a club's page, a club suggested and a moderator listing it.
 * The directory's clubs and the moderator's role are set in the embedded database while the server is
 * stopped (no screen lists clubs by hand, and moderators are named by an admin).
 */

let server: RestartableServer;
let browser: Browser;
let members: ReturnType<typeof memberPages>;
const stamp = Date.now().toString(36);
const accounts = {} as Record<'member' | 'moderator', { email: string; password: string }>;
const ids = {} as Record<'member' | 'moderator', string>;

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const clubNames = (page: Page) =>
  page.locator('main section ul li a').evaluateAll((links) => links.map((a) => a.querySelector('span span')?.textContent ?? ''));

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer(), launchBrowser()]);
  members = memberPages(browser, server);
  for (const who of ['member', 'moderator'] as const) {
    const { id, email, password } = await members.join({ username: `${who}_${stamp}`, displayName: `${who} ${stamp}`, city: 'Manchester' });
    accounts[who] = { email, password };
    ids[who] = id;
  }
  await members.closeAll();
  await server.restart(async () => {
    await withEmbeddedDatabase(server.dataDir, async (db) => {
      await db.query(
        `insert into clubs (name, town, region, description, added_at) values
          ('Velvet Room', 'Camden', 'London', 'A club in Camden.', now() - interval '90 days'),
          ('Mill Street Masquerade', 'Manchester', 'North West', 'A club in Manchester.', now() - interval '90 days'),
          ('Bay Lights Club', 'Cardiff', 'Wales', 'A club in Cardiff.', now() - interval '2 days')`,
      );
      await db.query(`update "user" set role = 'moderator' where id = $1`, [ids.moderator]);
    });
  });
});
afterAll(async () => {
  await members.closeAll();
  await browser?.close();
  await server?.stop();
});

describe('Clubs', () => {
  it('searches the directory by name or town, by the location box and by region together', async () => {
    const { page } = await members.signIn(accounts.member);
    await page.goto('/clubs');
    await page.getByRole('heading', { level: 1, name: 'Clubs' }).waitFor();
    const regions = page.getByRole('group', { name: 'Regions' });
    await regions.getByRole('button', { name: 'All (3)' }).waitFor();
    await regions.getByRole('button', { name: 'North West (1)' }).waitFor();
    expect(await clubNames(page)).toEqual(['Velvet Room', 'Mill Street Masquerade', 'Bay Lights Club']);
    await page.getByRole('heading', { name: /^Wales/ }).waitFor();
    expect(await page.getByRole('link', { name: /Bay Lights Club/ }).innerText()).toContain('New');
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/clubs');

    await page.getByRole('searchbox', { name: 'Search clubs' }).fill('MANCH');
    await expect.poll(() => clubNames(page)).toEqual(['Mill Street Masquerade']);
    await regions.getByRole('button', { name: /^London/ }).click();
    await page.getByRole('heading', { name: 'No clubs found' }).waitFor();
    await regions.getByRole('button', { name: /^All/ }).click();
    await expect.poll(() => clubNames(page)).toEqual(['Mill Street Masquerade']);

    await page.getByRole('searchbox', { name: 'Search clubs' }).fill('');
    await page.getByRole('searchbox', { name: 'Location' }).fill('card');
    await expect.poll(() => clubNames(page)).toEqual(['Bay Lights Club']);
    // the locations list fills the location box
    await page.getByRole('button', { name: 'Camden' }).click();
    await expect.poll(() => clubNames(page)).toEqual(['Velvet Room']);
    expect(await page.getByRole('searchbox', { name: 'Location' }).inputValue()).toBe('Camden');
  });

  it("writes a review on a club's page, shown with its stars and counted", async () => {
    const { page } = await members.signIn(accounts.member);
    await page.goto('/clubs');
    await page.getByRole('link', { name: /Bay Lights Club/ }).click();
    await page.getByRole('heading', { level: 1, name: /Bay Lights Club/ }).waitFor();
    await page.getByRole('heading', { name: 'No reviews yet' }).waitFor();

    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('button', { name: 'Save review' }).click();
    await form.getByText('Choose a rating from 1 to 5 stars').waitFor();
    await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByLabel('Your review (optional)').fill('Friendly and discreet. <b>not bold</b>');
    await form.getByRole('button', { name: 'Save review' }).click();
    expect(await toastText(page)).toContain('Review saved');
    await page.getByText('4.0 out of 5 from 1 review').waitFor();
    const review = page.getByRole('listitem').filter({ hasText: 'Friendly and discreet.' });
    expect(await review.innerText()).toContain('<b>not bold</b>');
    await review.getByRole('img', { name: '4 stars' }).waitFor();
    await page.getByRole('form', { name: 'Edit your review' }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, '/clubs/:id with a review');

    await page.getByRole('button', { name: 'Delete review' }).click();
    // the 'Review saved' toast may still be showing: wait for this one by its words
    await page.locator('li[data-variant]').filter({ hasText: 'Review deleted' }).waitFor();
    await page.getByRole('heading', { name: 'No reviews yet' }).waitFor();
  });

  it('a member suggests a club; a moderator lists it, and it is in the directory', async () => {
    const { page } = await members.signIn(accounts.member);
    await page.goto('/clubs');
    await page.getByRole('button', { name: 'Suggest a Club Listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a club' });
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await dialog.getByText('Enter the club’s name (2 to 100 characters)').waitFor();
    await dialog.getByLabel('Club name').fill(`Harbour Nights ${stamp}`);
    await dialog.getByLabel('Town').fill('Hull');
    await dialog.getByLabel('Region').selectOption('North East');
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    expect(await toastText(page)).toContain('sent to the moderators');
    await dialog.waitFor({ state: 'hidden' });

    // a member cannot open the moderators' queue
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();

    const moderator = (await members.signIn(accounts.moderator)).page;
    await moderator.goto('/admin');
    await moderator.getByRole('tab', { name: 'Club suggestions' }).click();
    const item = moderator.getByRole('listitem').filter({ hasText: `Harbour Nights ${stamp}` });
    await item.getByRole('button', { name: 'Approve and list' }).click();
    expect(await toastText(moderator)).toContain('Suggestion approved');
    await moderator.getByRole('heading', { name: 'No suggestions waiting' }).waitFor();

    await page.goto('/clubs?q=harbour');
    await expect.poll(() => clubNames(page)).toEqual([`Harbour Nights ${stamp}`]);
  });
});
