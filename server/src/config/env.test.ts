import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SECRET = 's'.repeat(40);
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: SECRET, ...env });

/** The ConfigError thrown for an environment (fails the test when none is). */
function errorFor(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig refuses bad settings with a message naming the variable', () => {
  it('PORT must be a port number', () => {
    expect(errorFor({ PORT: 'abc' }).message).toMatch(/PORT: PORT must be a whole number from 0 to 65535 \(got "abc"\)/);
    expect(errorFor({ PORT: '70000' }).message).toContain('PORT');
    expect(errorFor({ PORT: '-1' }).message).toContain('PORT');
    expect(errorFor({ PORT: '80.5' }).message).toContain('PORT');
    expect(load({ PORT: '8080' }).port).toBe(8080);
    // an empty PORT= line means "not set", not port 0 (a random port)
    expect(load({ PORT: '' }).port).toBe(3000);
    expect(load({}).port).toBe(3000);
  });

  it('DATABASE_URL must be a URL', () => {
    expect(errorFor({ DATABASE_URL: 'not-a-url' }).message).toMatch(/DATABASE_URL: Invalid URL/);
    expect(load({ DATABASE_URL: 'postgres://u:p@db.internal:5432/velvet' }).databaseUrl).toBe('postgres://u:p@db.internal:5432/velvet');
    expect(load({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('WORKERS is a process count, and above 1 only with a PostgreSQL server', () => {
    expect(errorFor({ WORKERS: 'many' }).message).toMatch(/WORKERS: WORKERS must be a whole number from 1 to 64 \(got "many"\)/);
    expect(errorFor({ WORKERS: '0' }).message).toContain('WORKERS');
    expect(errorFor({ WORKERS: '65' }).message).toContain('WORKERS');
    expect(errorFor({ WORKERS: '2' }).message).toContain(
      'WORKERS: WORKERS above 1 needs DATABASE_URL: the embedded database can be opened by one process only',
    );
    expect(load({ WORKERS: '2', DATABASE_URL: 'postgres://u:p@db.internal:5432/velvet' }).workers).toBe(2);
    expect(load({ WORKERS: '' }).workers).toBe(1);
    expect(load({}).workers).toBe(1);
  });

  it('DATABASE_POOL_SIZE is a connection count, unset by default (db/pool.ts DEFAULT_POOL_SIZE)', () => {
    expect(errorFor({ DATABASE_POOL_SIZE: 'lots' }).message).toMatch(
      /DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be a whole number from 1 to 100 \(got "lots"\)/,
    );
    expect(errorFor({ DATABASE_POOL_SIZE: '0' }).message).toContain('DATABASE_POOL_SIZE');
    expect(load({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
    expect(load({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBeUndefined();
    expect(load({}).databasePoolSize).toBeUndefined();
  });

  it('GOOGLE_CLIENT_ID needs GOOGLE_CLIENT_SECRET (and the other way round)', () => {
    expect(errorFor({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).message).toContain(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
    expect(errorFor({ GOOGLE_CLIENT_SECRET: 'shh' }).message).toContain('GOOGLE_CLIENT_ID');
    const config = load({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'shh' });
    expect(config.oidc).toMatchObject({ providerId: 'google', name: 'Google', clientId: 'id', clientSecret: 'shh' });
    expect(load({}).oidc).toBeUndefined();
  });

  it('lists every bad variable at once, and rejects unknown NODE_ENV and short secrets', () => {
    const both = errorFor({ PORT: 'abc', DATABASE_URL: 'nope' }).message;
    expect(both).toContain('PORT');
    expect(both).toContain('DATABASE_URL');
    expect(errorFor({ NODE_ENV: 'staging' }).message).toContain('NODE_ENV');
    expect(errorFor({ SESSION_SECRET: 'short' }).message).toContain('SESSION_SECRET must be at least 32 characters');
  });

  it('honours NODE_ENV and normalises the proxy header name', () => {
    expect(load({ NODE_ENV: 'production' }).env).toBe('production');
    expect(load({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(load({}).env).toBe('development');
    expect(load({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' }).trustedProxyHeader).toBe('x-forwarded-for');
    expect(load({ PUBLIC_URL: 'https://velvet.example/' }).publicUrl).toBe('https://velvet.example');
  });
});

describe('session secret', () => {
  it('is generated into DATA_DIR/session-secret (mode 600) when not set, and reused on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'session-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first.secret);
    // another data directory, another secret
    expect(loadConfig({ DATA_DIR: dataDir() }).secret).not.toBe(first.secret);
  });

  it('uses SESSION_SECRET when set, writing no file', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET }).secret).toBe(SECRET);
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('refuses an empty or cut-short secret file instead of signing with it', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'session-secret'), '\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
    writeFileSync(path.join(dir, 'session-secret'), 'abc\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/session-secret.*SESSION_SECRET/);
  });
});
