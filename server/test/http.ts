import type { TestApp } from './test-app';
import type { StoredMail } from '../src/mail/mailer';

export const ORIGIN = 'http://localhost:3000';

/** A tiny cookie-keeping client that talks HTTP to the app without a port. */
export function client(t: TestApp) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { origin: ORIGIN, ...headers } };
    if (jar.size) (init.headers as Record<string, string>).cookie = cookieHeader();
    if (body !== undefined) {
      if (typeof body === 'string') init.body = body;
      else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
    }
    const res = await t.app.request(url, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  }
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => request('POST', url, body ?? {}, headers),
    patch: (url: string, body?: unknown) => request('PATCH', url, body ?? {}),
    delete: (url: string) => request('DELETE', url),
    request,
  };
}
export type Client = ReturnType<typeof client>;

/**
 * Waits for the dev outbox to hold a mail that `matches`, and returns it (the newest). Auth mail goes
 * out after the response (mailer.sendLater), and when another process sent it (a second server) this
 * process cannot wait for it to be handed over: the outbox is read again until it is there.
 */
export async function mailFromOutbox(
  t: TestApp,
  matches: (m: StoredMail) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await t.mailer.outbox()).find(matches);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The newest mail to an address (waiting for it as mailFromOutbox does): the first link in it. */
export async function linkFromOutbox(t: TestApp, to: string): Promise<string> {
  const mail = await mailFromOutbox(t, (m) => m.to === to, `to ${to}`);
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in mail');
  return match[0];
}

/** Signs up, confirms the email through the mailed link and signs in. */
export async function signedInMember(t: TestApp, email: string, password = 'correct-horse-1') {
  const c = client(t);
  const up = await c.post('/api/auth/sign-up/email', { email, password, isAdult: true, acceptTerms: true });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${up.text}`);
  const link = new URL(await linkFromOutbox(t, email));
  await c.get(link.pathname + link.search);
  const res = await c.post('/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return c;
}
