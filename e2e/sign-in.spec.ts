import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { confirmedAccount, uniqueEmail } from './support/members';

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

async function newContext(): Promise<BrowserContext> {
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  return context;
}
const newPage = async () => (await newContext()).newPage();

const SESSION_COOKIE = 'velvet.session_token';
const isSignInCall = (r: { url(): string }) => new URL(r.url()).pathname === '/api/auth/sign-in/email';

/** Fills the sign-in form and submits it, returning the server's answer. */
async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean; keep?: boolean } = {},
): Promise<Response> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.remember !== undefined) await page.getByLabel('Remember me').setChecked(options.remember);
  if (options.keep !== undefined) await page.getByLabel('Keep me signed in (private browsing only)').setChecked(options.keep);
  const [response] = await Promise.all([page.waitForResponse(isSignInCall), page.getByRole('button', { name: 'Sign In' }).click()]);
  return response;
}

async function signedIn(page: Page, email: string, password: string, options: { remember?: boolean; keep?: boolean } = {}) {
  const res = await submitSignIn(page, email, password, options);
  expect(res.status()).toBe(200);
  await page.waitForURL('**/setup-profile');
}

async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(server.url + '/');
  expect(await toastText(page)).toContain('Signed out successfully');
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION_COOKIE);

describe('sign-in screen', () => {
  it('throttles the 6th attempt for an email, even from a fresh browser with the right password', async () => {
    const { email, password } = await confirmedAccount(server);
    const page = await newPage();
    for (let i = 1; i <= 5; i++) {
      const res = await submitSignIn(page, email, `wrong-horse-${i}`);
      expect(res.status(), `attempt ${i}`).toBe(401);
      expect(await toastText(page)).toContain('Invalid email or password. Please check your credentials and try again.');
    }
    const sixth = await submitSignIn(page, email, 'wrong-horse-6');
    expect(sixth.status()).toBe(429);
    await expect.poll(() => toastText(page)).toContain('Too Many Attempts - Please wait 15 minutes before trying again.');
    expect(await toastText(page)).toContain('Sign In Failed');

    // a new browser (no cookies, no storage), the right password: still refused, still told why
    const fresh = await newContext();
    const other = await fresh.newPage();
    const res = await submitSignIn(other, email, password);
    expect(res.status()).toBe(429);
    await expect.poll(() => toastText(other)).toContain('Too Many Attempts - Please wait 15 minutes before trying again.');
    expect(new URL(other.url()).pathname).toBe('/login');
    expect(await sessionCookie(fresh)).toBeUndefined();
  });

  it("'Remember me' prefills the email after sign-out and on a new visit; without it the field stays empty", async () => {
    const { email, password } = await confirmedAccount(server);
    const context = await newContext();
    const page = await context.newPage();
    await signedIn(page, email, password, { remember: true });
    await signOutThroughMenu(page);
    await page.goto('/login');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
    const visit = await context.newPage();
    await visit.goto('/login');
    await expect.poll(() => visit.getByLabel('Email').inputValue()).toBe(email);
    expect(await visit.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    // the same browser signs in without it: the remembered email is forgotten
    await signedIn(visit, email, password, { remember: false });
    await signOutThroughMenu(visit);
    await visit.goto('/login');
    await visit.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await visit.getByLabel('Email').inputValue()).toBe('');
    expect(await visit.getByLabel('Remember me').isChecked()).toBe(false);
  });

  it("'Keep me signed in' unchecked gives a browser-session cookie, checked a lasting one; reloads and new tabs stay signed in", async () => {
    const { email, password } = await confirmedAccount(server);
    for (const keep of [false, true]) {
      const context = await newContext();
      const page = await context.newPage();
      await signedIn(page, email, password, { keep });
      const cookie = await sessionCookie(context);
      expect(cookie, `keep=${keep}`).toBeDefined();
      if (keep) {
        // about 30 days ahead
        expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
      } else {
        expect(cookie!.expires).toBe(-1);
      }
      expect(cookie!.httpOnly).toBe(true);

      await page.reload();
      await page.getByLabel('Username').waitFor();
      expect(new URL(page.url()).pathname).toBe('/setup-profile');
      const tab = await context.newPage();
      await tab.goto('/setup-profile');
      await tab.getByLabel('Username').waitFor();
      expect(new URL(tab.url()).pathname).toBe('/setup-profile');
      expect(await tab.evaluate(async () => (await fetch('/api/v1/me')).status)).toBe(200);
    }
  });

  it('signs out cleanly and lands on / even when the server session was already revoked elsewhere', async () => {
    const { email, password } = await confirmedAccount(server);
    const context = await newContext();
    // this page's live socket is silenced: through it the page may learn of the revocation and go to
    // sign-in by itself first, and this journey is about signing out from a page that has not
    await context.routeWebSocket(/\/api\/v1\/realtime$/, () => undefined);
    const page = await context.newPage();
    await signedIn(page, email, password);

    // the member signs in on another device and signs out everywhere from there
    const elsewhere = await newContext();
    const headers = { origin: server.url };
    expect((await elsewhere.request.post('/api/auth/sign-in/email', { data: { email, password }, headers })).status()).toBe(200);
    expect((await elsewhere.request.post('/api/auth/revoke-sessions', { data: {}, headers })).status()).toBe(200);
    expect(await page.evaluate(async () => (await fetch('/api/v1/me')).status)).toBe(401);

    await signOutThroughMenu(page);
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto('/setup-profile');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it('/logout signs out with the spec toast; when the server fails it says so and offers to try again', async () => {
    const { email, password } = await confirmedAccount(server);
    const context = await newContext();
    const page = await context.newPage();
    await signedIn(page, email, password);

    await page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await page.goto('/logout');
    await page.getByRole('heading', { level: 1, name: 'You are still signed in' }).waitFor();
    expect(await toastText(page)).toContain('Failed to sign out. Please try again.');
    expect(await sessionCookie(context)).toBeDefined();

    await page.unroute('**/api/auth/sign-out');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => toastText(page)).toContain('Signed out successfully');
    expect(await sessionCookie(context)).toBeUndefined();
  });

  it('checks the form in the browser: nothing is sent for an empty form or a malformed email', async () => {
    const page = await newPage();
    let calls = 0;
    page.on('request', (r) => {
      if (isSignInCall(r)) calls++;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await toastText(page)).toContain('Please enter both email and password.');

    await page.getByLabel('Email').fill('bob@');
    await page.getByLabel('Password', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toastText(page)).toContain('Please enter a valid email address.');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    // the email only: still both fields needed
    await page.getByLabel('Email').fill(uniqueEmail('client'));
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toastText(page)).toContain('Please enter both email and password.');

    // the form decides before sending: once its words are shown, a request would have gone already
    expect(calls).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
