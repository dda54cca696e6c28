import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { messages } from '@velvet/core/messages';
import { DELETED_ACCOUNT_RECORDS_MONTHS } from '@velvet/core/constants/retention';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { firstLink, startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi, signInThroughUi } from './support/members';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function newPage(): Promise<Page> {
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  return context.newPage();
}

/** The names of a zip's entries (and the text of data.json). */
function readZip(file: Buffer): Promise<{ names: string[]; data: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      let data = '';
      zip.on('error', reject);
      zip.on('end', () => resolve({ names, data }));
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            if (entry.fileName === 'data.json') data = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Signs up again with an address that had an account, and opens the new confirmation link (not the old one). */
async function joinAgain(email: string, password: string) {
  const mails = async () =>
    ((await (await fetch(`${server.url}/dev/outbox/api`)).json()) as { messages: { to: string; text: string }[] }).messages.filter(
      (m) => m.to === email,
    );
  const before = (await mails()).length;
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password, isAdult: true, acceptTerms: true }),
  });
  expect(res.status).toBe(200);
  await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(before + 1);
  const link = firstLink((await mails())[0]!.text);
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
}

const meStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/v1/me')).status);

describe('data rights on /my-account', () => {
  it('“Download my data” saves a zip holding data.json with the member’s profile', async () => {
    const account = await confirmedAccount(server);
    const page = await newPage();
    await signInThroughApi(page.request, server, account);
    const username = await completeProfile(page.request);

    await page.goto('/my-account');
    const card = page.locator('section#download-data');
    await card.getByText(messages.dataRights.downloadLine).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Velvet-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    const { names, data } = await readZip(file);
    expect(names).toContain('data.json');
    const parsed = JSON.parse(data) as { account: { email: string }; profile: { username: string } };
    expect(parsed.account.email).toBe(account.email);
    expect(parsed.profile.username).toBe(username);
  });

  /** A new member with a finished profile, on My Account with the deletion dialog open. */
  async function openDeleteDialog() {
    const account = await confirmedAccount(server);
    const page = await newPage();
    await signInThroughApi(page.request, server, account);
    await completeProfile(page.request);
    await page.goto('/my-account');
    await page.locator('section#delete-account').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: messages.dataRights.deleteConfirmTitle });
    await dialog.waitFor();
    return { account, page, dialog };
  }

  it('the deletion dialog’s link opens the privacy page at what is kept after an account is deleted', async () => {
    const { page, dialog } = await openDeleteDialog();
    await dialog.getByRole('link', { name: messages.dataRights.deleteKeptLink }).click();
    await page.waitForURL('**/privacy#retention');
    const kept = page.getByRole('heading', { name: '9. How long we keep it' });
    await kept.waitFor();
    // scrolled to it: the section is on screen, not below the fold
    await expect.poll(async () => (await kept.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await kept.boundingBox())?.y ?? Infinity).toBeLessThan(page.viewportSize()!.height);
    await page.getByText(`${DELETED_ACCOUNT_RECORDS_MONTHS} months after they were made`, { exact: false }).first().waitFor();
  });

  it('“Delete my account” asks for the password, deletes everything, and the address can join again', async () => {
    const { account, page, dialog } = await openDeleteDialog();
    // it says what is kept after, for how long, and where to read why
    await dialog.getByText(messages.dataRights.deleteKept(DELETED_ACCOUNT_RECORDS_MONTHS)).waitFor();
    expect(await dialog.getByRole('link', { name: messages.dataRights.deleteKeptLink }).getAttribute('href')).toBe('/privacy#retention');

    // a wrong password deletes nothing
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByText(messages.dataRights.wrongPassword).waitFor();
    expect(await meStatus(page)).toBe(200);

    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await toastText(page)).toContain(messages.dataRights.deleted);
    await page.waitForURL(server.url + '/');
    expect(await meStatus(page)).toBe(401);

    // the old password no longer signs in; the same address joins again and signs in as a new member
    const stale = await page.request.post('/api/auth/sign-in/email', { data: account, headers: { origin: server.url } });
    expect(stale.status()).toBe(401);
    await joinAgain(account.email, 'a-new-horse-2');
    await signInThroughUi(page, account.email, 'a-new-horse-2');
    await page.waitForURL('**/setup-profile');
    expect(await meStatus(page)).toBe(200);
  });
});
