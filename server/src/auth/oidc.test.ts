import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, ORIGIN, signedInMember } from '../../test/http';
import * as schema from '../db/schema/index';
import { authorizeWithoutBrowser, oidcEmail, startOidcProvider, type RunningOidcProvider } from '../../../e2e/support/oidc-provider';

// "Continue with Google" against a real OpenID provider (oidc-provider) on a local port.
const CALLBACK = `${ORIGIN}/api/auth/callback/google`;
const START = { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login?providerError=1', disableRedirect: true };

let oidc: RunningOidcProvider;
let t: TestApp;
beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp({ OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret! });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

/** Starts a sign-in, walks it through the provider and follows the callback into the app. */
async function signInAtProvider(login: string, consent = true, app = t) {
  const c = client(app);
  const start = await c.post('/api/auth/sign-in/social', START);
  expect(start.status).toBe(200);
  const back = await authorizeWithoutBrowser(start.json.url, login, { consent });
  expect(back.origin + back.pathname).toBe(CALLBACK);
  const callback = await c.get(back.pathname + back.search);
  return { c, callback };
}

describe('OIDC sign-in (generic OAuth through /sign-in/social)', () => {
  it('offers the provider in the public config', async () => {
    const res = await client(t).get('/api/v1/config');
    expect(res.json.oidc).toEqual({ providerId: 'google', name: 'Google' });
  });

  it('returns an authorization URL on the provider with PKCE, a nonce and the app callback', async () => {
    const res = await client(t).post('/api/auth/sign-in/social', START);
    expect(res.status).toBe(200);
    const url = new URL(res.json.url);
    expect(url.origin).toBe(oidc.issuer);
    expect(url.pathname).toBe('/auth');
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(oidc.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
  });

  it('has no /sign-in/oauth2 endpoint in better-auth 1.7 (the client must use /sign-in/social)', async () => {
    const res = await client(t).post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/dashboard' });
    expect(res.status).toBe(404);
  });

  it('creates a verified member from the provider account and signs them in', async () => {
    const { c, callback } = await signInAtProvider('alice');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const me = await c.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: oidcEmail('alice'), emailVerified: true, name: 'Alice' });
    expect(me.json.hasProfile).toBe(false);
    const accounts = await t.database.db.select().from(schema.account).where(eq(schema.account.userId, me.json.user.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', 'alice']]);
  });

  it('signs the same provider account in to the same member again', async () => {
    const first = await signInAtProvider('bob');
    const second = await signInAtProvider('bob');
    expect(second.callback.headers.get('location')).toBe('/dashboard');
    const [a, b] = await Promise.all([first.c.get('/api/v1/me'), second.c.get('/api/v1/me')]);
    expect(b.json.user.id).toBe(a.json.user.id);
  });

  it('links the provider to an existing member with the same confirmed email', async () => {
    const email = oidcEmail('erin');
    const local = await signedInMember(t, email);
    const { c, callback } = await signInAtProvider('erin');
    expect(callback.headers.get('location')).toBe('/dashboard');
    expect((await c.get('/api/v1/me')).json.user.id).toBe((await local.get('/api/v1/me')).json.user.id);
  });

  it('does not hand an unconfirmed sign-up to whoever signs in at the provider with that email', async () => {
    const email = oidcEmail('frank');
    const up = await client(t).post('/api/auth/sign-up/email', { email, password: 'correct-horse-1', isAdult: true, acceptTerms: true });
    expect(up.status).toBe(200);
    const { c, callback } = await signInAtProvider('frank');
    const location = new URL(callback.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('providerError')).toBe('1');
    expect((await c.get('/api/v1/me')).status).toBe(401);
  });

  it('sends a refusal at the provider back to the sign-in page', async () => {
    const { c, callback } = await signInAtProvider('carol', false);
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('providerError')).toBe('1');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect((await c.get('/api/v1/me')).status).toBe(401);
  });
});

describe('OIDC sign-in as a public client (OIDC_CLIENT_SECRET unset)', () => {
  it('starts and signs in with PKCE alone instead of refusing to start', async () => {
    const pub = await startOidcProvider({ clientId: 'velvet-public', clientSecret: null, redirectUris: [CALLBACK] });
    const app = await createTestApp({ OIDC_ISSUER: pub.issuer, OIDC_CLIENT_ID: 'velvet-public' });
    try {
      expect((await client(app).get('/api/v1/health')).status).toBe(200);
      const { c, callback } = await signInAtProvider('dora', true, app);
      expect(callback.headers.get('location')).toBe('/dashboard');
      expect((await c.get('/api/v1/me')).json.user.email).toBe(oidcEmail('dora'));
    } finally {
      await app.close();
      await pub.stop();
    }
  });
});
