import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '@velvet/core/constants/site';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** A whole number within bounds; unset or empty is the default. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return fallback;
      if (!/^\d{1,5}$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} (got "${v}")` });
        return z.NEVER;
      }
      return Number(v);
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // an empty PORT= line means "not set" (coercing '' would give port 0: a random port)
    PORT: wholeNumber('PORT', 0, 65535, 3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Velvet <no-reply@velvet.local>'),
    CONTACT_EMAIL: z.string().default('support@velvet.local'),
    ADMIN_EMAILS: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_PROVIDER_NAME: z.string().default('Google'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
    TRUSTED_PROXY_HEADER: z.string().optional(),
    TRUSTED_ORIGINS: z.string().optional(),
    SEED: z.enum(['auto', 'always', 'never']).default('auto'),
    RATE_LIMITS: z.enum(['on', 'off']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WEB_DIST: z.string().optional(),
    WORKERS: wholeNumber('WORKERS', 1, 64, 1),
    // 0: unset (db/pool.ts DEFAULT_POOL_SIZE)
    DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 100, 0),
    // -1: unset (5 s; 0 under NODE_ENV=test, so a test sees who it just made online)
    ONLINE_COUNT_SECONDS: wholeNumber('ONLINE_COUNT_SECONDS', 0, 300, -1),
  })
  .refine((e) => !e.GOOGLE_CLIENT_ID === !e.GOOGLE_CLIENT_SECRET, {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  })
  .refine((e) => !e.OIDC_ISSUER === !e.OIDC_CLIENT_ID, {
    message: 'OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
  })
  .refine((e) => e.WORKERS === 1 || e.DATABASE_URL, {
    message: 'WORKERS above 1 needs DATABASE_URL: the embedded database can be opened by one process only',
    path: ['WORKERS'],
  });

export type Env = z.infer<typeof envSchema>;

export interface OidcConfig {
  providerId: string;
  name: string;
  discoveryUrl: string;
  clientId: string;
  /** Absent for a public client (PKCE only, token endpoint auth 'none'). */
  clientSecret?: string;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  secret: string;
  smtpUrl?: string;
  mailFrom: string;
  contactEmail: string;
  /** accounts with these addresses (lowercased) are admins: at sign-up, and made so at every start */
  adminEmails: string[];
  oidc?: OidcConfig;
  /** S3-compatible object storage; absent = local disk under dataDir/uploads */
  s3?: S3Config;
  siteName: string;
  trustedProxyHeader?: string;
  /** origins whose pages may call the auth API and open a socket: PUBLIC_URL, TRUSTED_ORIGINS, and the dev servers outside production */
  trustedOrigins: string[];
  seed: Env['SEED'];
  /** per-address request limits (auth routes, contact form); off by default only under NODE_ENV=test */
  rateLimits: boolean;
  logLevel: string;
  webDist?: string;
  /** server processes sharing the port (node:cluster); above 1 only on a PostgreSQL server */
  workers: number;
  /** PostgreSQL: connections each of a process's two pools holds at most; unset, db/pool.ts DEFAULT_POOL_SIZE */
  databasePoolSize?: number;
  /** how long each process reuses the count of members online now (the live 'N online'); 0 counts for every request */
  onlineCountSeconds: number;
}

export class ConfigError extends Error {}

/** The Vite dev server (npm run dev) and preview: trusted as page origins in development and tests. */
const DEV_ORIGINS = ['http://localhost:5173', 'http://localhost:4173'];

/** Reads the session secret from DATA_DIR, creating one on first start: never a committed default. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    // an empty or cut-short file must not become a guessable signing key
    if (stored.length < 32)
      throw new ConfigError(`${file} holds no usable secret (under 32 characters): delete it to make a new one, or set SESSION_SECRET`);
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  let oidc: OidcConfig | undefined;
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID) {
    oidc = {
      providerId: 'google',
      name: e.OIDC_PROVIDER_NAME,
      discoveryUrl: `${e.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET || undefined,
    };
  } else if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    oidc = {
      providerId: 'google',
      name: 'Google',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    };
  }
  const s3Vars = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET?.trim(),
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID?.trim(),
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const s3Missing = Object.entries(s3Vars)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (s3Missing.length > 0 && s3Missing.length < Object.keys(s3Vars).length)
    throw new ConfigError(
      `Invalid configuration:\n  S3 storage needs ${s3Missing.join(', ')} too (set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none)`,
    );
  const s3: S3Config | undefined =
    s3Vars.S3_ENDPOINT && s3Vars.S3_BUCKET && s3Vars.S3_ACCESS_KEY_ID && s3Vars.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: s3Vars.S3_ENDPOINT,
          bucket: s3Vars.S3_BUCKET,
          region: e.S3_REGION.trim() || 'us-east-1',
          accessKeyId: s3Vars.S3_ACCESS_KEY_ID,
          secretAccessKey: s3Vars.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    oidc,
    s3,
    siteName: e.SITE_NAME,
    trustedProxyHeader: e.TRUSTED_PROXY_HEADER?.toLowerCase(),
    // the Vite dev servers only outside production: in production a page on localhost is anyone's page
    trustedOrigins: [publicUrl, ...(e.NODE_ENV === 'production' ? [] : DEV_ORIGINS), ...extraOrigins],
    seed: e.SEED,
    rateLimits: (e.RATE_LIMITS ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST,
    workers: e.WORKERS,
    databasePoolSize: e.DATABASE_POOL_SIZE || undefined,
    onlineCountSeconds: e.ONLINE_COUNT_SECONDS >= 0 ? e.ONLINE_COUNT_SECONDS : e.NODE_ENV === 'test' ? 0 : 5,
  };
}
