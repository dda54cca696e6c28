import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@velvet/core/realtime/protocol';
import { client, signedInMember, type Client } from '../../test/http';
import { cookieOf, openSocket, startTestServer, type TestSocket } from '../../test/realtime-server';
import { loadConfig } from './env';

/**
 * In production the server trusts its own address (PUBLIC_URL) and the operator's TRUSTED_ORIGINS,
 * never the development servers' origins (Vite's localhost:5173 and :4173): a page served there is
 * anyone's page on the member's machine.
 */
const PUBLIC_URL = 'http://localhost:3000';
const PARTNER = 'https://app.partner.example';
const DEV_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];
const PASSWORD = 'correct-horse-1';

let server: Awaited<ReturnType<typeof startTestServer>>;
let member: Client;
const email = 'origins@example.com';
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'production', RATE_LIMITS: 'off', TRUSTED_ORIGINS: PARTNER });
  member = await signedInMember(server.t, email, PASSWORD);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.t.close();
});

const signInFrom = (origin: string) => client(server.t).post('/api/auth/sign-in/email', { email, password: PASSWORD }, { origin });

describe('trusted origins in production', () => {
  it('are PUBLIC_URL and TRUSTED_ORIGINS only', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://velvet.example/',
      TRUSTED_ORIGINS: `${PARTNER}, https://b.example`,
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(config.trustedOrigins).toEqual(['https://velvet.example', PARTNER, 'https://b.example']);
    // development keeps the Vite dev and preview servers
    const dev = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: PUBLIC_URL, SESSION_SECRET: 'x'.repeat(32) });
    expect(dev.trustedOrigins).toEqual(expect.arrayContaining([PUBLIC_URL, ...DEV_ORIGINS]));
  });

  it('refuse a sign-in from a development origin, and take one from the site or a trusted origin', async () => {
    for (const origin of DEV_ORIGINS) {
      const res = await signInFrom(origin);
      expect(res.status, origin).toBe(403);
      expect(res.json.code).toBe('INVALID_ORIGIN');
      expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    }
    expect((await signInFrom(PUBLIC_URL)).status).toBe(200);
    expect((await signInFrom(PARTNER)).status).toBe(200);
  });

  it("close a socket opened by a page on a development origin, even with the member's cookie (4403)", async () => {
    for (const origin of DEV_ORIGINS) {
      const s = openSocket(server.wsUrl, { cookie: cookieOf(member), origin });
      sockets.push(s);
      const ready = s.next('ready').then(
        () => 'ready',
        () => 'not ready',
      );
      expect(await Promise.race([s.closed.then((c) => c.code), ready]), origin).toBe(CLOSE_CODES.forbiddenOrigin);
    }
    const own = openSocket(server.wsUrl, { cookie: cookieOf(member), origin: PUBLIC_URL });
    sockets.push(own);
    await own.next('ready');
  });
});
