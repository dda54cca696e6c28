import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext, toastText, twoFrames } from './support/browser';
import { mailTo, startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi, signInThroughUi } from './support/members';

const CONTACT_EMAIL = process.env.CONTACT_EMAIL ?? 'support@velvet.local';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
});
afterEach(() => context.close());

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}
const outbox = async () => ((await (await fetch(`${server.url}/dev/outbox/api`)).json()) as { messages: OutboxMail[] }).messages;

const pages: [path: string, h1: string][] = [
  ['/help', 'Help centre'],
  ['/contact', 'Contact us'],
  ['/terms', 'Terms of service'],
  ['/privacy', 'Privacy policy'],
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/install-app', 'Install the app'],
];

describe('public pages for a signed-out visitor', () => {
  it('make no request that answers 401 and log no error, from the home page to sign-in', async () => {
    const refused: string[] = [];
    const errors: string[] = [];
    page.on('response', (res) => void (res.status() === 401 && refused.push(res.url())));
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    for (const path of ['/', '/login', '/signup', '/forgot-password', ...pages.map(([p]) => p)]) {
      // each page asks who is signed in, and is told: nobody (200)
      const asked = page.waitForResponse((res) => res.url().endsWith('/api/v1/session'));
      await page.goto(path);
      const session = await asked;
      expect(session.status(), path).toBe(200);
      expect(await session.json(), path).toEqual({ me: null });
      await page.locator('main#main h1, main#main h2').first().waitFor({ state: 'visible' });
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const [path, title] of pages) {
    it(`${path} shows its title inside the layout`, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const h1 = page.locator('main#main h1');
      await h1.waitFor({ state: 'visible' });
      expect(await h1.count()).toBe(1);
      expect((await h1.innerText()).trim()).toBe(title);
      // the site header (the banner landmark) with its menu toggle, around the page
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Open menu' }).waitFor({ state: 'visible' });
      expect(await banner.getByRole('link', { name: /^Velvet/ }).isVisible()).toBe(true);
      expect(page.url()).toBe(server.url + path);
    });
  }

  it('opens a help answer with the keyboard', async () => {
    await page.goto('/help');
    const question = page.locator('summary', { hasText: 'How long does it take?' });
    const details = page.locator('details', { has: question });
    expect(await details.getAttribute('open')).toBeNull();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.getAttribute('open')).not.toBeNull();
    expect(await details.innerText()).toContain('24-48 hours');
    expect(await page.locator('main a[href="/contact"]').count()).toBeGreaterThan(0);
  });
});

describe('moving between pages', () => {
  it('keeps the page on screen while the next page’s code arrives, then shows it', async () => {
    // the service worker would fetch the chunk itself, out of the page's routes
    const visitor = await phoneContext(browser, server.url, { serviceWorkers: 'block' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const tab = await visitor.newPage();
      let asked!: () => void;
      const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
      await visitor.route(/\/assets\/ContactPage-[\w-]+\.js$/, async (route) => {
        asked();
        await released;
        await route.continue();
      });
      await tab.goto('/help');
      await tab.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      await tab.locator('main').getByRole('link', { name: 'Contact us' }).click();
      await chunkAsked;
      // the contact page's code is held on its way: the help page stays, not an empty screen
      await twoFrames(tab);
      expect(await tab.locator('main h1').allInnerTexts()).toEqual(['Help centre']);
      release();
      await tab.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    } finally {
      release();
      await visitor.close();
    }
  });
});

describe('honest pages', () => {
  it('/pricing sells nothing: one free plan, no other price, no buy button', async () => {
    await page.goto('/pricing');
    await page.getByText('There is nothing to buy.').waitFor();
    const text = await page.locator('main#main').innerText();
    expect(text.match(/£\d+(\.\d+)?/g)).toEqual(['£0']);
    expect(await page.getByRole('button', { name: /buy|subscribe|upgrade|pay/i }).count()).toBe(0);
    expect(text).not.toMatch(/pay-per-view|clubs|winks|friends/i);
  });

  it('/help and /privacy send members to My Account to download their data or delete their account', async () => {
    await page.goto('/help');
    await page.locator('summary', { hasText: 'How do I delete my account?' }).waitFor();
    expect(await page.locator('main a[href="/my-account#delete-account"]').count()).toBe(1);
    expect(await page.locator('main a[href="/my-account#download-data"]').count()).toBe(1);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'What is kept after you delete your account, and why' }).waitFor();
  });
});

describe('contact form', () => {
  it('sends a message, shows the success toast, clears the form and mails the site', async () => {
    const marker = `Pages e2e ${Date.now().toString(36)}`;
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Alex Visitor');
    await page.getByLabel('Email').fill('alex.visitor@example.test');
    const text = `${marker}: how does verification work?`;
    await page.getByLabel('Message').fill(text);
    expect(await page.getByText(`${text.length}/5000`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send message' }).click();

    expect(await toastText(page)).toContain('Thanks, your message has been sent. We will reply by email.');
    await expect.poll(() => page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByLabel('Name').inputValue()).toBe('');

    const mail = await mailTo(server, CONTACT_EMAIL, 'Alex Visitor');
    expect(mail.text).toContain(marker);
    expect((mail as OutboxMail).replyTo).toBe('alex.visitor@example.test');
  });

  it('fills in the email address of a signed-in member', async () => {
    const { email, password } = await confirmedAccount(server);
    await signInThroughUi(page, email, password);
    await page.waitForURL(/\/(setup-profile|dashboard)$/);
    await page.goto('/contact');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  });

  it('shows the field errors for an empty form and sends nothing', async () => {
    const before = (await outbox()).filter((m) => m.to === CONTACT_EMAIL).length;
    let posted = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/v1/contact')) posted = true;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();

    const form = page.getByRole('form', { name: 'Contact form' });
    await expect.poll(() => form.getByText('Please tell us your name.').isVisible()).toBe(true);
    expect(await form.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    expect(await form.getByText('Please write a message.').isVisible()).toBe(true);
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    // the form decides before sending: once its words are shown, a request would have gone already
    expect(posted).toBe(false);
    expect((await outbox()).filter((m) => m.to === CONTACT_EMAIL).length).toBe(before);
  });
});

describe('installable app', () => {
  it('serves the manifest as JSON with icons that load', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Velvet', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const img = await fetch(new URL(icon.src, server.url));
      expect(img.status, icon.src).toBe(200);
      expect(img.headers.get('content-type'), icon.src).toMatch(/^image\//);
    }
  });

  it('serves the service worker as JavaScript', async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain("addEventListener('fetch'");
  });

  it('offers the install steps and the Install app button when the browser allows it', async () => {
    await page.goto('/install-app');
    await page.locator('main h1').waitFor();
    expect(await page.getByRole('heading', { name: 'iPhone and iPad (Safari)' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Android (Chrome)' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Computer (Chrome or Edge)' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);

    // The browser's offer, as Chromium fires it once the site is installable.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
      window.dispatchEvent(offer);
    });
    const install = page.getByRole('button', { name: 'Install app' });
    await install.waitFor({ state: 'visible' });
    await install.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Installed' }).isVisible()).toBe(true);
  });

  it('starts offline from the cached shell once the service worker is installed', async () => {
    await page.goto('/help');
    await page.locator('main h1').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A second visit goes through the worker, which caches the page's scripts.
    await page.reload();
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto('/help');
    await page.locator('main h1').waitFor();
    expect(await page.locator('main h1').innerText()).toBe('Help centre');
    await context.setOffline(false);

    // API answers are never cached.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
      return urls.flat();
    });
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);
  });

  it('says it is offline, signed in and offline, instead of a blank page or a trip to sign in', async () => {
    await signInThroughApi(page.request, server, await confirmedAccount(server));
    await completeProfile(page.request, { displayName: 'Offline Olly' });
    await page.goto('/dashboard');
    await page.locator('main h1').first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    // a page already open says so in a banner
    await page.getByRole('status').filter({ hasText: 'You are offline. What you see may be out of date.' }).waitFor();
    // the installed app started offline: the cached shell, which says it is offline, and stays put
    await page.goto('/messages');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByText('Check your connection, then try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');

    await page.getByRole('button', { name: 'Try again' }).waitFor();

    // back online: the page comes back by itself (the session is asked again as the connection
    // returns, then the page's code, which could not load offline, loads)
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');

    // offline again, a page never opened before cannot load its code: it says so, and Try again
    // brings it once the connection is back
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Clubs' }).click();
    // the page's error screen (the route guard's offline screen says the same, without role=alert)
    const failed = page.locator('main [role=alert]');
    await failed.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clubs' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/clubs');

    // a page that failed offline and was left opens once the connection is back
    const bottomBar = page.getByRole('navigation', { name: 'Bottom navigation' });
    await context.setOffline(true);
    await bottomBar.getByRole('link', { name: "Who's Near" }).click();
    await failed.getByRole('heading', { name: 'You are offline' }).waitFor();
    await bottomBar.getByRole('link', { name: 'Home' }).click();
    await page.locator('main h1').first().waitFor();
    await context.setOffline(false);
    await bottomBar.getByRole('link', { name: "Who's Near" }).click();
    await page.getByRole('heading', { level: 1, name: 'People Near You' }).waitFor();
  });

  it('says Installed when running as the installed app', async () => {
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (query !== '(display-mode: standalone)') return real(query);
        return {
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        } as MediaQueryList;
      };
    });
    await page.goto('/install-app');
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.getByText('You are using the Velvet app.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Android (Chrome)' }).count()).toBe(0);
  });
});
