import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './browser';
import { firstLink, mailTo, startServer, type RunningServer } from './server';

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}.${Date.now().toString(36)}.${counter++}@example.test`;

/** Creates a confirmed account through the real sign-up API and the mailed confirmation link. */
export async function confirmedAccount(server: RunningServer, email = uniqueEmail(), password = 'correct-horse-1') {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password, isAdult: true, acceptTerms: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const link = firstLink((await mailTo(server, email)).text);
  await fetch(link, { redirect: 'manual' });
  return { email, password };
}

/** Signs in through the auth API (the browser context of `request` keeps the session cookie); returns the member's id. */
export async function signInThroughApi(request: APIRequestContext, server: RunningServer, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/sign-in/email', { data: account, headers: { origin: server.url } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const me = (await (await request.get('/api/v1/me')).json()) as { user: { id: string } };
  return me.user.id;
}

/** Signs in through the sign-in screen. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

let usernames = 0;

/**
 * Gives the signed-in member of `request` a finished profile through the real API (all four wizard
 * steps), so journeys that are not about the wizard start from the dashboard.
 */
export interface ProfileOptions {
  username?: string;
  displayName?: string;
  gender?: string;
  age?: number;
  partnerAge?: number;
  city?: string;
}

export async function completeProfile(request: APIRequestContext, opts: ProfileOptions = {}) {
  const username = opts.username ?? `m_${Date.now().toString(36)}_${usernames++}`;
  const steps = [
    { method: 'post', url: '/api/v1/profiles', data: { username, displayName: opts.displayName ?? 'Test Member' } },
    {
      method: 'put',
      url: '/api/v1/profiles/me/setup',
      data: { step: 2, age: opts.age ?? 30, partnerAge: opts.partnerAge, locationCity: opts.city ?? 'Leeds' },
    },
    {
      method: 'put',
      url: '/api/v1/profiles/me/setup',
      data: { step: 3, gender: opts.gender ?? 'single-female', relationshipStatus: 'single', lookingFor: ['couples'] },
    },
    { method: 'put', url: '/api/v1/profiles/me/setup', data: { step: 4, bio: 'Here to meet friendly people.' } },
  ] as const;
  for (const step of steps) {
    const res = await request[step.method](step.url, { data: step.data });
    if (!res.ok()) throw new Error(`profile step failed: ${res.status()} ${await res.text()}`);
  }
  return username;
}

/** A member signed in on a phone page of their own. */
export interface Member {
  page: Page;
  id: string;
  email: string;
  password: string;
  username: string;
}

/**
 * Signed-in phone pages, one browser context per member, closed together: `signIn` returns the page
 * and the member's id; `join` makes a new confirmed member with a finished profile and signs them in.
 */
export function memberPages(browser: Browser, server: RunningServer) {
  const contexts: BrowserContext[] = [];
  const signIn = async (account: { email: string; password: string }): Promise<{ page: Page; id: string }> => {
    const context = await phoneContext(browser, server.url);
    contexts.push(context);
    const page = await context.newPage();
    return { page, id: await signInThroughApi(page.request, server, account) };
  };
  return {
    signIn,
    async join(profile: ProfileOptions = {}): Promise<Member> {
      const account = await confirmedAccount(server);
      const signedIn = await signIn(account);
      return { ...signedIn, ...account, username: await completeProfile(signedIn.page.request, profile) };
    },
    closeAll: () => Promise.all(contexts.splice(0).map((c) => c.close())),
  };
}

export interface TwoMembers {
  server: RunningServer;
  browser: Browser;
  /** a single woman */
  ana: Member;
  /** a single man */
  ben: Member;
  /** Closes their pages, the browser and the server. */
  close(): Promise<void>;
}

/**
 * A fresh server and browser with Ana and Ben on it: confirmed, profiles finished, each signed in on
 * a phone page. On failure it closes what it opened (the spec's afterAll has nothing to close then).
 */
export async function twoMembers(): Promise<TwoMembers> {
  const [started, launched] = await Promise.allSettled([startServer(), launchBrowser()]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    if (launched.status === 'fulfilled') await launched.value.close();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const [server, browser] = [started.value, launched.value];
  const pages = memberPages(browser, server);
  const close = async () => {
    await pages.closeAll();
    await browser.close();
    await server.stop();
  };
  try {
    // one after the other, so Ana's profile is the older
    const ana = await pages.join({ displayName: 'Ana' });
    const ben = await pages.join({ displayName: 'Ben', gender: 'single-male' });
    return { server, browser, ana, ben, close };
  } catch (err) {
    await close();
    throw err;
  }
}
