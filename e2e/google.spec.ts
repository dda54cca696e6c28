import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { oidcEmail, startOidcProvider, type RunningOidcProvider } from './support/oidc-provider';

// "Continue with Google" end to end: Chromium, the real server, and a real OpenID provider
// (oidc-provider) standing in for Google on a local port.

let oidc: RunningOidcProvider;
let server: RunningServer;
let plain: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  oidc = await startOidcProvider();
  [server, plain, browser] = await Promise.all([
    startServer({
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret!,
      OIDC_PROVIDER_NAME: 'Google',
    }),
    startServer(),
    launchBrowser(),
  ]);
  oidc.setRedirectUris([`${server.url}/api/auth/callback/google`]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), plain?.stop()]);
  await oidc?.stop();
});

async function newPage(baseURL: string) {
  context = await phoneContext(browser, baseURL);
  // the provider's dev pages import a web font: keep the test off the internet
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort(),
  );
  page = await context.newPage();
}
beforeEach(() => newPage(server.url));
afterEach(() => context.close());

const googleButton = () => page.getByRole('button', { name: 'Continue with Google' });

/** From /login: Continue with Google, then sign in at the provider as `login` and consent (or cancel). */
async function continueWithGoogle(login: string, opts: { consent?: boolean } = {}) {
  await page.goto('/login');
  await googleButton().click();
  await page.waitForURL((url) => url.origin === oidc.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // the consent form's only input is hidden
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
  if (opts.consent === false) await page.getByRole('link', { name: '[ Cancel ]' }).click();
  else await page.getByRole('button', { name: 'Continue' }).click();
}

async function me() {
  const res = await page.request.get('/api/v1/me');
  return { status: res.status(), body: res.status() === 200 ? await res.json() : undefined };
}

describe('Continue with Google', () => {
  it('creates a verified account from the provider and lands on profile setup', async () => {
    await page.goto('/login');
    // the first page of the run loads its chunks and /api/v1/config cold: wait as a member would,
    // not the 1 s of expect.poll (it ran out once on a loaded CI machine)
    await googleButton().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await googleButton().isVisible()).toBe(true);

    await continueWithGoogle('alice');
    await page.waitForURL(`${server.url}/setup-profile`);

    const { status, body } = await me();
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email: oidcEmail('alice'), emailVerified: true, name: 'Alice' });
    expect(body.hasProfile).toBe(false);
  });

  it('signs the same provider account in to the same member the next time', async () => {
    await continueWithGoogle('bob');
    await page.waitForURL('**/setup-profile');
    const first = (await me()).body.user.id;
    await context.close();

    // a new browser: no session at the app or at the provider
    await newPage(server.url);
    expect((await me()).status).toBe(401);
    await continueWithGoogle('bob');
    await page.waitForURL('**/setup-profile');
    expect((await me()).body.user.id).toBe(first);
  });

  it('comes back to sign-in with the spec toast when the member cancels at the provider', async () => {
    await continueWithGoogle('carol', { consent: false });
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    expect(await toastText(page)).toContain('Failed to sign in with Google. Please try again.');
    // better-auth adds ?error=access_denied: not to be read as a broken email confirmation link
    await expect.poll(() => page.getByText('This confirmation link is no longer valid', { exact: false }).count()).toBe(0);
    expect((await me()).status).toBe(401);
  });
});

describe('without an OpenID provider configured', () => {
  beforeEach(async () => {
    await context.close();
    await newPage(plain.url);
  });

  it('shows no Continue with Google button', async () => {
    const config = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/config');
    await page.goto('/login');
    expect(await (await config).json()).toMatchObject({ oidc: null });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
  });
});
