import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID provider (oidc-provider 8.8.1) on a free 127.0.0.1 port, for tests of
 * "Continue with Google". Its development interactions accept any login and then ask for consent;
 * the login name becomes the account: 'alice' signs in as sub 'alice', email alice@oidc.test
 * (a login that already contains '@' is used as the email as it is).
 */

/** The little of oidc-provider's API this helper uses (the package ships no types). */
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;

export interface OidcProviderOptions {
  clientId?: string;
  /** Defaults to a random secret (client_secret_basic); null makes a public client (PKCE only). */
  clientSecret?: string | null;
  /** The app's callback URL(s); they can also be given later with setRedirectUris. */
  redirectUris?: string[];
}

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Registers the client's redirect URIs (the app's callback URL is only known once it runs). */
  setRedirectUris(uris: string[]): void;
  stop(): Promise<void>;
}

/** `alice` → `alice@oidc.test`. */
export const oidcEmail = (login: string) => (login.includes('@') ? login : `${login}@oidc.test`);

/**
 * oidc-provider's storage, in memory. The client is looked up here rather than given as a static
 * client, so its redirect URIs can be registered after the app (and so its port) is known.
 */
function memoryAdapter(clientMetadata: () => Record<string, unknown>) {
  const store = new Map<string, Record<string, unknown>>();
  const index = new Map<string, string>();
  const grants = new Map<string, string[]>();
  return class MemoryAdapter {
    constructor(readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      const key = this.key(id);
      if (this.model === 'Session' && typeof payload.uid === 'string') index.set(`uid:${payload.uid}`, id);
      if (typeof payload.userCode === 'string') index.set(`userCode:${payload.userCode}`, id);
      if (typeof payload.grantId === 'string') grants.set(payload.grantId, [...(grants.get(payload.grantId) ?? []), key]);
      store.set(key, payload);
    }
    async find(id: string) {
      if (this.model === 'Client') return id === clientMetadata().client_id ? clientMetadata() : undefined;
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = index.get(`uid:${uid}`);
      return id ? this.find(id) : undefined;
    }
    async findByUserCode(userCode: string) {
      const id = index.get(`userCode:${userCode}`);
      return id ? this.find(id) : undefined;
    }
    async consume(id: string) {
      const entry = store.get(this.key(id));
      if (entry) entry.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of grants.get(grantId) ?? []) store.delete(key);
      grants.delete(grantId);
    }
  };
}

export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<RunningOidcProvider> {
  // @ts-expect-error oidc-provider ships no type declarations (OidcProviderClass describes what is used)
  const { default: Provider } = (await import('oidc-provider')) as { default: OidcProviderClass };

  const clientId = options.clientId ?? 'velvet-test-client';
  const clientSecret = options.clientSecret === null ? undefined : (options.clientSecret ?? randomBytes(24).toString('base64url'));
  let redirectUris = options.redirectUris ?? [];

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(() => ({
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // what better-auth's genericOAuth sends: authentication 'basic' with a secret, 'none' without
      token_endpoint_auth_method: clientSecret ? 'client_secret_basic' : 'none',
    })),
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx: unknown, sub: string) {
      const email = oidcEmail(sub);
      const local = email.split('@')[0]!;
      return {
        accountId: sub,
        claims: async () => ({ sub, email, email_verified: true, name: local.charAt(0).toUpperCase() + local.slice(1) }),
      };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    setRedirectUris(uris) {
      redirectUris = [...uris];
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Walks an authorization URL through the provider without a browser: signs in as `login`, then
 * gives consent (or cancels at the consent step), and returns the URL the provider sends the
 * member back to (the app's callback with `code` or `error`).
 */
export async function authorizeWithoutBrowser(authorizationUrl: string, login: string, opts: { consent?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const request = async (url: URL, body?: Record<string, string>) => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return { res, html: await res.text() };
  };
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 10; step++) {
    const { res, html } = await request(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url.href}`);
    if (prompt === 'consent' && opts.consent === false) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no cancel link on the consent page');
      url = new URL(abort, url);
      continue;
    }
    const body: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
    const posted = await request(new URL(action, url), body);
    const next = posted.res.headers.get('location');
    if (!next) throw new Error(`provider did not redirect after ${prompt}: ${posted.res.status}`);
    url = new URL(next, url);
    if (url.origin !== origin) return url;
  }
  throw new Error('too many steps at the provider');
}
