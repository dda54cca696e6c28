import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, toastText } from './support/browser';
import { startRestartableServer, type RestartableServer } from './support/server';
import { withEmbeddedDatabase } from './support/database';
import { confirmedAccount, memberPages, signInThroughUi, uniqueEmail } from './support/members';

/**
 * Trust and safety in the browser: a trusted member reports a photo (hidden from others at once), a moderator
 * removes it or dismisses a report in /admin, a member sees Access Denied there, and a suspended
 * member's open tab goes to sign-in, where signing in says the account is suspended.
 */

const m = messages.moderation;
let server: RestartableServer;
let browser: Browser;
let pages: ReturnType<typeof memberPages>;
const bossEmail = uniqueEmail('boss');

interface Member {
  page: Page;
  id: string;
  email: string;
  password: string;
}

const member = (displayName: string): Promise<Member> => pages.join({ displayName });

let boss: Member;
let mod: Member;
let ann: Member;
let ben: Member;
let cat: Member;

beforeAll(async () => {
  [server, browser] = await Promise.all([startRestartableServer({ ADMIN_EMAILS: bossEmail }), launchBrowser()]);
  pages = memberPages(browser, server);
  const bossAccount = await confirmedAccount(server, bossEmail);
  const joined = await Promise.all([member('Mia Moderator'), member('Ann Ash'), member('Ben Birch'), member('Cat Cedar')]);
  await pages.closeAll();
  // Ben is a reporter the product trusts (verified, his account a month old): his word alone holds a
  // photo back; a newcomer's report waits for a moderator (server moderation.test.ts)
  await server.restart(() =>
    withEmbeddedDatabase(server.dataDir, async (db) => {
      await db.query(`update "user" set verified = true, created_at = now() - interval '30 days' where id = $1`, [joined[2].id]);
    }),
  );
  pages = memberPages(browser, server);
  const again = async (account: { email: string; password: string }): Promise<Member> => ({
    email: account.email,
    password: account.password,
    ...(await pages.signIn(account)),
  });
  boss = await again(bossAccount);
  [mod, ann, ben, cat] = (await Promise.all(joined.map(again))) as [Member, Member, Member, Member];
  const res = await boss.page.request.put('/api/v1/admin/roles', {
    data: { email: mod.email, role: 'moderator', reason: 'Joins the team' },
  });
  expect(res.status()).toBe(200);
});
afterAll(async () => {
  await pages?.closeAll();
  await browser?.close();
  await server?.stop();
});

async function uploadPhoto(page: Page) {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#22c55e' } })
    .png()
    .toBuffer();
  const res = await page.request.post('/api/v1/media', {
    multipart: { kind: 'gallery', file: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { media: { id: string } }).media.id;
}

const main = (page: Page) => page.locator('main');

describe('moderation', () => {
  it('shows a member Access Denied at /admin and no Moderation link; a moderator gets both', async () => {
    await ben.page.goto('/admin');
    await ben.page.getByRole('heading', { level: 1, name: m.accessDeniedTitle }).waitFor();
    await expectNoSeriousAxeViolations(ben.page, '/admin (Access Denied)');
    await ben.page.getByRole('button', { name: 'Open menu' }).click();
    await ben.page.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await ben.page.getByRole('link', { name: m.menu }).count()).toBe(0);
    await ben.page.keyboard.press('Escape');

    await mod.page.goto('/dashboard');
    await mod.page.getByRole('button', { name: 'Open menu' }).click();
    await mod.page.getByRole('link', { name: m.menu }).click();
    await mod.page.waitForURL('**/admin');
    await mod.page.getByRole('heading', { level: 1, name: m.pageTitle }).waitFor();
  });

  it('a reported photo is hidden from others at once; the moderator removes it, and dismisses a report', async () => {
    await uploadPhoto(ann.page);
    // Ben reports the photo from the photo viewer on Ann's profile
    await ben.page.goto(`/profile/${ann.id}`);
    await main(ben.page)
      .getByRole('button', { name: /Open Ann Ash's photo 1 of 1/ })
      .click();
    await ben.page.getByRole('button', { name: 'Report this photo' }).click();
    const dialog = ben.page.getByRole('dialog', { name: m.reportPhotoTitle });
    await dialog.getByRole('button', { name: m.submit }).click();
    await dialog.getByText(m.reasonRequired).waitFor(); // the reason is required, checked before sending
    await expectNoSeriousAxeViolations(ben.page, 'report dialog');
    await dialog.getByRole('radio', { name: 'Underage' }).check();
    await dialog.getByLabel(m.detailsLabel).fill('Looks very young.');
    await dialog.getByRole('button', { name: m.submit }).click();
    // told it was received, and offered to block Ann too: not this time
    const received = ben.page.getByRole('dialog', { name: m.receivedTitle });
    await received.getByText(m.offerBlock('Ann Ash')).waitFor();
    await received.getByRole('button', { name: m.done }).click();
    await received.waitFor({ state: 'hidden' });

    // Cat no longer sees it
    await cat.page.goto(`/profile/${ann.id}`);
    await main(cat.page).getByText('No photos yet.').waitFor();

    // Ben also reports Ann as a member, from her profile
    await ben.page.getByRole('button', { name: 'Close photo' }).click();
    await ben.page.getByRole('dialog').waitFor({ state: 'detached' });
    await main(ben.page).getByRole('button', { name: 'Report Ann Ash' }).click();
    const memberDialog = ben.page.getByRole('dialog', { name: m.reportTitle });
    await memberDialog.getByRole('radio', { name: 'Fake profile' }).check();
    await memberDialog.getByRole('button', { name: m.submit }).click();
    // this time Ben takes the offer: Ann is blocked and her profile left
    await ben.page
      .getByRole('dialog', { name: m.receivedTitle })
      .getByRole('button', { name: m.blockToo('Ann Ash') })
      .click();
    expect(await toastText(ben.page)).toContain(messages.privacy.blocked);
    await ben.page.waitForURL('**/browse');
    expect((await ben.page.request.get(`/api/v1/profiles/${ann.id}`)).status()).toBe(404);

    // The moderator sees both, oldest first, and decides
    await mod.page.goto('/admin');
    const reports = mod.page.getByRole('list', { name: 'Open reports' });
    const photoReport = reports.getByRole('article', { name: /Underage: photo of Ann Ash/ });
    await photoReport.getByText('Looks very young.').waitFor();
    await expect
      .poll(() =>
        photoReport
          .getByRole('img', { name: 'Reported photo of Ann Ash' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expectNoSeriousAxeViolations(mod.page, '/admin reports');
    const first = await reports.getByRole('article').first().getAttribute('aria-labelledby');
    expect(await mod.page.locator(`[id="${first}"]`).innerText()).toContain('Underage');

    await photoReport.getByRole('button', { name: 'Remove photo' }).click();
    await photoReport.getByText(m.moderatorReasonRequired).waitFor(); // a decision says why
    await photoReport.getByLabel(/Reason/).fill('Underage-looking photo removed');
    await photoReport.getByRole('button', { name: 'Remove photo' }).click();
    await photoReport.waitFor({ state: 'detached' });

    const memberReport = reports.getByRole('article', { name: /Fake profile: member of Ann Ash/ });
    await memberReport.getByLabel(/Reason/).fill('Real person, checked');
    await memberReport.getByRole('button', { name: m.dismiss }).click();
    await mod.page.getByText(m.queueEmpty).waitFor();

    // the photo is gone for its owner too
    const gallery = await ann.page.request.get(`/api/v1/media/user/${ann.id}`);
    expect(((await gallery.json()) as { media: unknown[] }).media).toEqual([]);
  });

  it("a suspended member's open tab goes to sign-in, and signing in says the account is suspended", async () => {
    const res = await ben.page.request.post('/api/v1/reports', {
      data: { targetType: 'member', targetId: cat.id, reason: 'spam_or_scam' },
    });
    expect(res.status()).toBe(201);
    await cat.page.goto('/dashboard');
    await cat.page.waitForURL('**/dashboard');

    await mod.page.goto('/admin');
    const card = mod.page.getByRole('article', { name: /Spam or scam: member of Cat Cedar/ });
    await card.getByLabel(/Reason/).fill('Scam messages');
    await card.getByRole('button', { name: m.suspend }).click();
    await card.waitFor({ state: 'detached' });

    await cat.page.waitForURL('**/login**');
    await signInThroughUi(cat.page, cat.email, cat.password);
    expect(await toastText(cat.page)).toContain(m.suspended);

    // lifted from the Suspended tab: Cat signs in again
    await mod.page.getByRole('tab', { name: 'Suspended' }).click();
    await mod.page.getByLabel("Reason for lifting Cat Cedar's suspension").fill('Appeal accepted');
    await mod.page.getByRole('button', { name: m.unsuspend }).click();
    await mod.page.getByText('No suspended members').waitFor();
    await signInThroughUi(cat.page, cat.email, cat.password);
    await cat.page.waitForURL('**/dashboard');
  });
});
