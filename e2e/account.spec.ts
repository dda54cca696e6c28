import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { messages } from '@velvet/core/messages';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { confirmedAccount, signInThroughUi } from './support/members';

const STEP_MS = 30_000;

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

const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/** Waits for the next 30 s step when fewer than `ms` remain in this one. */
async function atLeastLeftInStep(ms: number) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 200));
}

const meStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/v1/me')).status);

/** The two-factor card of /my-account. */
const twoFactorCard = (page: Page) => page.locator('section#two-factor');

describe('my account in the browser', () => {
  it('turns on two-factor with an authenticator app; a code signs in once, never twice', async () => {
    const { email, password } = await confirmedAccount(server);
    const page = await newPage();
    await signInThroughUi(page, email, password);
    await page.waitForURL('**/setup-profile');

    await page.goto('/my-account');
    const card = twoFactorCard(page);
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByLabel('Your password').fill(password);
    await card.getByRole('button', { name: 'Continue' }).click();

    // the QR code and the key for typing by hand
    await card.getByAltText('QR code to add your account to an authenticator app').waitFor();
    const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });

    // turn it on with the previous step's code (still accepted), so this step's code is unused
    await atLeastLeftInStep(5_000);
    await card.getByLabel('Code from the app').fill(totp.generate({ timestamp: Date.now() - STEP_MS }));
    await card.getByRole('button', { name: 'Turn on' }).click();
    expect(await toastText(page)).toContain('Two-factor sign-in is on.');
    await card.getByText('On', { exact: true }).waitFor();
    const codes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByRole('button', { name: 'Turn off' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(server.url + '/');

    // Both sign-ins below use one code, which the server accepts in its own 30 s step and the next
    // (one step either side): the second is refused for reusing it, not for its age.
    const generatedAt = Date.now();
    const step = stepOf(generatedAt);
    const code = totp.generate({ timestamp: generatedAt });

    await signInThroughUi(page, email, password);
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/setup-profile');
    expect(await meStatus(page)).toBe(200);

    const thief = await newPage();
    await signInThroughUi(thief, email, password);
    await thief.getByLabel('Authentication code').fill(code);
    await thief.getByRole('button', { name: 'Verify' }).click();
    await thief.getByText(messages.account.codeReused).waitFor();
    expect(messages.account.codeReused).toMatch(/already been used.*wait for .* next one/i);
    expect(stepOf(Date.now())).toBeLessThanOrEqual(step + 1);
    expect(new URL(thief.url()).pathname).toBe('/login');
    expect(await meStatus(thief)).toBe(401);
  });

  it('“Sign out everywhere else” signs the other browser out', async () => {
    const { email, password } = await confirmedAccount(server);
    const phone = await newPage();
    const laptop = await newPage();
    await signInThroughUi(phone, email, password);
    await phone.waitForURL('**/setup-profile');
    await signInThroughUi(laptop, email, password);
    await laptop.waitForURL('**/setup-profile');

    await phone.goto('/my-account');
    const sessions = phone.locator('section#sessions');
    const rows = sessions.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('This device');
    expect(await rows.first().innerText()).toContain('Chrome on Linux');

    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    expect(await toastText(phone)).toContain('Signed out everywhere else.');
    await expect.poll(() => rows.count()).toBe(1);
    await sessions.getByText('You are signed in on this device only.').waitFor();

    expect(await meStatus(laptop)).toBe(401);
    await laptop.goto('/my-account');
    await laptop.waitForURL('**/login');
    expect(await meStatus(phone)).toBe(200);
  });

  it('signs one other device out from its row in the devices list (no session token in the page)', async () => {
    const { email, password } = await confirmedAccount(server);
    const phone = await newPage();
    const laptop = await newPage();
    const tablet = await newPage();
    for (const page of [phone, laptop, tablet]) {
      await signInThroughUi(page, email, password);
      await page.waitForURL('**/setup-profile');
    }

    const listed = phone.waitForResponse((r) => r.url().endsWith('/api/auth/list-sessions'));
    await phone.goto('/my-account');
    expect(await (await listed).text()).not.toMatch(/"token"/);
    const sessions = phone.locator('section#sessions');
    const rows = sessions.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(3);

    // the newest other device is the tablet
    await rows
      .nth(1)
      .getByRole('button', { name: /^Sign out / })
      .click();
    expect(await toastText(phone)).toContain('That device has been signed out.');
    await expect.poll(() => rows.count()).toBe(2);

    expect(await meStatus(tablet)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect(await meStatus(phone)).toBe(200);
  });
});
