import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { launchBrowser, toastText } from './support/browser';
import { expectNoSeriousAxeViolations } from './support/axe';
import { withEmbeddedDatabase } from './support/database';
import { startRestartableServer, type RestartableServer } from './support/server';
import { completeProfile, confirmedAccount, memberPages } from './support/members';

/**
 * The Verification Center in the browser: each of the five flows submitted as a member would (a
 * small generated photo), a moderator (role set in the database) approving one and rejecting
 * another, the member seeing Verified or Rejected and their badges, and the requireVerified guard
 * (Live Cam) sending an unverified member to /verification and letting a verified one in.
 */

const m = messages.verification;
let server: RestartableServer;
let browser: Browser;
let pages: ReturnType<typeof memberPages>;
let photo: Buffer;

type Who = 'photo' | 'couple' | 'individual' | 'model' | 'vip' | 'moderator';
const names: Record<Who, string> = {
  photo: 'Pia Photo',
  couple: 'Cass Couple',
  individual: 'Ivo Individual',
  model: 'Mo Model',
  vip: 'Val Vip',
  moderator: 'Mona Moderator',
};
const accounts = {} as Record<Who, { email: string; password: string }>;
const members = {} as Record<Who, { page: Page; id: string }>;

beforeAll(async () => {
  [server, browser, photo] = await Promise.all([
    startRestartableServer(),
    launchBrowser(),
    sharp({ create: { width: 48, height: 36, channels: 3, background: '#b4a' } })
      .jpeg()
      .toBuffer(),
  ]);
  for (const who of Object.keys(names) as Who[]) accounts[who] = await confirmedAccount(server);
  // a moderator is named in the database (no screen names one yet)
  await server.restart(() =>
    withEmbeddedDatabase(server.dataDir, async (db) => {
      await db.query(`update "user" set role = 'moderator' where email = $1`, [accounts.moderator.email]);
    }),
  );
  pages = memberPages(browser, server);
  for (const who of Object.keys(names) as Who[]) {
    members[who] = await pages.signIn(accounts[who]);
    await completeProfile(members[who].page.request, {
      displayName: names[who],
      gender: who === 'couple' ? 'male-female-couple' : 'single-female',
      partnerAge: who === 'couple' ? 33 : undefined,
    });
  }
}, 120_000);
afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  await server?.stop();
});

/** Opens a flow from the Verification Center. */
async function openFlow(page: Page, title: string) {
  await page.goto('/verification');
  await page.getByRole('heading', { name: m.title }).waitFor();
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

const progress = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'Verification progress' }).getAttribute('aria-valuenow'));

async function choosePhoto(page: Page) {
  await page.getByLabel('Verification photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
}

/** Submits and waits for the success screen, then goes back with 'Submit Another Verification'. */
async function submitAndFinish(page: Page) {
  await page.getByRole('button', { name: m.submit }).click();
  await page.getByRole('heading', { name: m.successTitle }).waitFor();
  expect(await toastText(page)).toContain(m.successTitle);
  expect(await progress(page)).toBe(100);
  await page.getByRole('button', { name: m.submitAnother }).click();
  await page.getByRole('heading', { name: m.chooseTitle }).waitFor();
}

/** The status badge of one type in the status overview. */
const statusOf = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Verification status' }).getByRole('listitem').filter({ hasText: title });

describe('the member side', () => {
  it('requireVerified sends an unverified member from Live Cam to the Verification Center', async () => {
    const { page } = members.photo;
    await page.goto('/cam');
    await page.waitForURL('**/verification');
    await page.getByRole('heading', { name: m.title }).waitFor();
  });

  it('photo verification: name and photo on one screen, with the spec’s missing-information message', async () => {
    const { page } = members.photo;
    await openFlow(page, 'Photo Verification');
    expect(await progress(page)).toBe(0);
    await page.getByRole('button', { name: m.submit }).click();
    expect(await toastText(page)).toContain(m.missing);
    await expectNoSeriousAxeViolations(page, '/verification?type=photo (missing information)');
    await page.getByLabel('Full name').fill('Pia Photo');
    expect(await progress(page)).toBe(50);
    await choosePhoto(page);
    expect(await progress(page)).toBe(100);
    await submitAndFinish(page);
    await expect.poll(() => statusOf(page, 'Photo Verification').innerText()).toContain('Under Review');
    await expectNoSeriousAxeViolations(page, '/verification (one under review)');
  });

  it('couple verification: info, then the joint photo, then success (offered to couples only)', async () => {
    await members.photo.page.goto('/verification');
    await members.photo.page.getByRole('heading', { name: m.chooseTitle }).waitFor();
    expect(await members.photo.page.getByRole('button', { name: /Couple Verification/ }).count()).toBe(0);

    const { page } = members.couple;
    await openFlow(page, 'Couple Verification');
    await page.getByLabel('Partner 1 name').fill('Cass');
    await page.getByLabel('Partner 2 name').fill('Sam');
    expect(await progress(page)).toBe(25);
    await page.getByLabel('Partner 1 age').fill('17');
    await page.getByLabel('Partner 2 age').fill('33');
    await page.getByRole('button', { name: m.next }).click();
    expect(await toastText(page)).toContain(m.incompleteTitle);
    await page.getByText(m.ageRange).first().waitFor();
    await page.getByLabel('Partner 1 age').fill('31');
    await page.getByLabel('Relationship duration').fill('6 years');
    expect(await progress(page)).toBe(75);
    await page.getByRole('button', { name: m.next }).click();
    await choosePhoto(page);
    expect(await progress(page)).toBe(100);
    await submitAndFinish(page);
  });

  for (const [who, title, extra] of [
    ['individual', 'Individual Verification', null],
    ['model', 'Model / Creator Verification', ['Modelling or creator experience', 'Three years of shoots']],
    ['vip', 'VIP Verification', ['VIP membership id', 'VIP-2049']],
  ] as const) {
    it(`${who} verification: name, age and gender, then the photo, then success`, async () => {
      const { page } = members[who];
      await openFlow(page, title);
      await page.getByLabel('Full name').fill(names[who]);
      await page.getByLabel('Age', { exact: true }).fill('29');
      await page.getByLabel('Gender').selectOption('female');
      expect(await progress(page)).toBe(60);
      if (extra) await page.getByLabel(extra[0]).fill(extra[1]);
      await page.getByRole('button', { name: m.next }).click();
      await page.getByText(m.photoAdvice).waitFor();
      // a file that is not an image is refused in the spec's words before anything is sent
      await page
        .getByLabel('Verification photo')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByText(m.notImage).waitFor();
      await choosePhoto(page);
      await submitAndFinish(page);
      await expect.poll(() => statusOf(page, title).innerText()).toContain('Under Review');
    });
  }
});

describe('the moderator side', () => {
  it('a member who is not a moderator is told Access Denied', async () => {
    const { page } = members.vip;
    await page.goto('/admin');
    await page.getByRole('heading', { name: messages.moderation.accessDeniedTitle }).waitFor();
    await expectNoSeriousAxeViolations(page, '/admin (not a moderator)');
    expect(await page.getByRole('list', { name: m.queueTitle }).count()).toBe(0);
  });

  it('approves the photo and couple verifications and rejects the individual one with a reason', async () => {
    const { page } = members.moderator;
    await page.goto('/admin');
    await page.getByRole('tab', { name: m.queueTitle }).click();
    const queue = page.getByRole('list', { name: m.queueTitle });
    await queue.waitFor();
    const item = (type: string, who: Who) => queue.getByRole('listitem', { name: `${type} from ${names[who]}` });
    // oldest first: the photo verification was sent first
    await expect
      .poll(async () => (await queue.getByRole('listitem').first().getAttribute('aria-label')) ?? '')
      .toBe(`Photo Verification from ${names.photo}`);
    // the private photo shows for the moderator
    const img = item('Photo Verification', 'photo').getByRole('img', { name: `Verification photo from ${names.photo}` });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, '/admin, the verification queue');

    await item('Photo Verification', 'photo').getByRole('button', { name: m.approve }).click();
    expect(await toastText(page)).toContain(m.approvedTitle);
    await item('Photo Verification', 'photo').waitFor({ state: 'detached' });

    await item('Couple Verification', 'couple').getByRole('button', { name: m.approve }).click();
    await item('Couple Verification', 'couple').waitFor({ state: 'detached' });

    await item('Individual Verification', 'individual').getByRole('button', { name: m.reject }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: m.reject }).click();
    await dialog.getByText(m.reasonRequired).waitFor();
    await expectNoSeriousAxeViolations(page, '/admin, the verification reject dialog');
    await dialog.getByLabel(m.rejectReasonLabel).fill('The photo is too dark to see your face.');
    await dialog.getByRole('button', { name: m.reject }).click();
    await item('Individual Verification', 'individual').waitFor({ state: 'detached' });
  });
});

describe('after the decisions', () => {
  it('the approved member sees Verified and their badge, and Live Cam lets them in', async () => {
    const { page } = members.photo;
    await page.goto('/verification');
    await expect.poll(() => statusOf(page, 'Photo Verification').innerText()).toContain('Verified');
    await page.getByLabel('Your badges').getByText('Verified').waitFor();
    await page.goto('/cam');
    await page.getByRole('heading', { name: 'Live Cam' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cam');
  });

  it('the rejected member sees Rejected with the reason', async () => {
    const { page } = members.individual;
    await page.goto('/verification');
    await expect.poll(() => statusOf(page, 'Individual Verification').innerText()).toContain('Rejected');
    await page.getByText('The photo is too dark to see your face.').waitFor();
  });

  it('others see the Verified Couple badge on the member card and the profile, and can list verified members only', async () => {
    const { page } = members.vip;
    await page.goto('/browse?sort=newest');
    const card = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'Verified Couple' });
    await card.waitFor();
    await page.getByLabel(m.verifiedOnly).check();
    await page.waitForURL(/verified=1/);
    // the URL changes before the list does (the router renders the new search in a transition, then
    // the filtered page loads): the count is asked until the list has been replaced
    const list = page.getByRole('list', { name: 'Members' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await list.getByRole('listitem').first().getByText('Verified', { exact: true }).waitFor();
    await page.goto(`/profile/${members.couple.id}`);
    await page.getByText('Verified Couple').waitFor();
  });
});
