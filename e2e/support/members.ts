import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { phoneContext } from './browser';
import { firstLink, mailTo, type RunningServer } from './server';

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
export async function completeProfile(
  request: APIRequestContext,
  opts: { username?: string; displayName?: string; gender?: string; age?: number; partnerAge?: number; city?: string } = {},
) {
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

/**
 * Signed-in phone pages, one browser context per member, closed together: `signIn` returns the page
 * and the member's id.
 */
export function memberPages(browser: Browser, server: RunningServer) {
  const contexts: BrowserContext[] = [];
  return {
    async signIn(account: { email: string; password: string }): Promise<{ page: Page; id: string }> {
      const context = await phoneContext(browser, server.url);
      contexts.push(context);
      const page = await context.newPage();
      return { page, id: await signInThroughApi(page.request, server, account) };
    },
    closeAll: () => Promise.all(contexts.splice(0).map((c) => c.close())),
  };
}
