import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { databaseQuota } from '../middleware/rate-limit';
import * as schema from '../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { actionMail } from '../mail/templates';
import { messages } from '@velvet/core/messages';
import { inputRules } from './input-rules.plugin';
import { forgetResetLinks, resetLinks } from './reset-links.plugin';
import { SESSION_COOKIE_PREFIX } from './session-cookie';
import { sessionTokens } from './session-tokens.plugin';
import { signInThrottle } from './sign-in-throttle.plugin';
import { takenEmailAsExisting } from './taken-email';
import { totpReplayGuard } from './totp-replay.plugin';
import { authRule } from '../config/rate-limits';

/** The header the app sets from the socket (or the trusted proxy header); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-velvet-client-ip';

/** The role of every new account (the admin plugin's default; ADMIN_EMAILS aside). */
const MEMBER_ROLE = 'user';

/** better-auth's change-email links carry `updateTo` in their token (a JWT). */
function isEmailChange(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof payload.updateTo === 'string';
  } catch {
    return false;
  }
}

/** How passwords are hashed and checked: better-auth's scrypt unless given (the server's tests give a cheaper one). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(opts: {
  config: Config;
  db: Db;
  mailer: Mailer;
  passwordHashing?: PasswordHashing;
  /** Where the auth rules' notes go (a reset mail withheld past its cap). */
  log?: Logger;
}) {
  const { config, db, mailer, passwordHashing, log } = opts;
  const site = config.siteName;

  return betterAuth({
    appName: site,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    // a broken provider return (no state) lands on the sign-in screen with the provider error toast
    onAPIError: { errorURL: '/login?providerError=1' },
    // a sign-up that loses a race for its address answers as one for an address in use (taken-email.ts)
    database: takenEmailAsExisting(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: {
          user: schema.user,
          session: schema.session,
          account: schema.account,
          verification: schema.verification,
          twoFactor: schema.twoFactor,
          rateLimit: schema.rateLimit,
        },
      }),
    ),
    // an address named in ADMIN_EMAILS becomes an admin as its account is made (and at every start: main.ts)
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) =>
            config.adminEmails.includes(newUser.email.toLowerCase()) ? { data: { ...newUser, role: 'admin' } } : undefined,
        },
      },
    },
    user: {
      additionalFields: { verified: { type: 'boolean', defaultValue: false, input: false } },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      // a sign-up for an address in use answers with a made-up account: the admin plugin's role set as on a
      // new one (better-auth left it null, which told a registered address from a new one)
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({ ...coreFields, role: MEMBER_ROLE, ...additionalFields, id }),
      // the link just used is spent; the member's other reset links go with it
      onPasswordReset: ({ user }) => forgetResetLinks(db, user.id),
      // handed over after the response: a registered address must not answer slower than an unknown one
      async sendResetPassword({ user, url }) {
        mailer.sendLater({
          to: user.email,
          subject: `Reset your ${site} password`,
          ...actionMail({
            siteName: site,
            heading: 'Reset your password',
            intro: 'Someone asked to reset the password of your account. The link works for one hour.',
            action: 'Choose a new password',
            url,
          }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // the member signs in after confirming (spec journey: confirm, then sign in)
      autoSignInAfterVerification: false,
      // after the response too: sign-up must not tell an address in use (no mail) from a new one
      async sendVerificationEmail({ user, url, token }) {
        const change = isEmailChange(token);
        mailer.sendLater({
          to: user.email,
          subject: change ? `Confirm your new email for ${site}` : `Confirm your email for ${site}`,
          ...actionMail({
            siteName: site,
            heading: change ? 'Confirm your new email' : `Welcome to ${site}`,
            intro: change
              ? `You asked to use this address for your ${site} account. Open the link within one hour to make the change; until then your account keeps its old address.`
              : 'Confirm this email address to finish creating your account.',
            action: change ? 'Confirm my new email' : 'Confirm my email',
            url,
          }),
        });
      },
    },
    session: {
      // 'Keep me signed in' off: a browser-session cookie (rememberMe: false) that ends when the browser closes
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // list-sessions shows only the member's own devices; don't demand a sign-in from the last 24 h
      // (password changes, two-factor and email changes ask for the password or a mailed link anyway)
      freshAge: 0,
    },
    rateLimit: {
      enabled: config.rateLimits,
      storage: 'database',
      ...authRule('auth:other'),
      customRules: {
        // Password sign-in has its own limits (sign-in-throttle.plugin.ts): tight per account, generous per
        // address. better-auth's default (3 a 10 s per address) would lock out everyone behind a shared
        // address (a mobile network puts thousands behind one), so it is off here.
        '/sign-in/email': false,
        // generous per address for the same reason; a provider does its own checks, and two-factor codes
        // are limited per member by the twoFactor plugin (failed tries lock the member's second step)
        '/sign-in/social': authRule('auth:social-sign-in'),
        '/two-factor/*': authRule('auth:two-factor'),
        '/sign-up/email': authRule('auth:sign-up'),
        '/request-password-reset': authRule('auth:password-reset'),
        '/send-verification-email': authRule('auth:verification-email'),
      },
    },
    advanced: {
      // a session and its user in one statement on every request (the relations in db/schema/auth.ts)
      database: { joins: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // better-auth switches origin/callbackURL/CSRF checks off under NODE_ENV=test: keep production behaviour
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    plugins: [
      inputRules(),
      signInThrottle(db, { mailer, siteName: site, forgotPasswordUrl: `${config.publicUrl}/forgot-password` }),
      totpReplayGuard(db),
      // reset mails per account, whoever asks (better-auth's rule above counts per client address),
      // counted in the database: every server process shares the count, PGlite's one process too
      resetLinks(db, config.rateLimits ? { quota: databaseQuota(db), ...(log ? { log } : {}) } : undefined),
      sessionTokens(db),
      twoFactor({ issuer: site }),
      // a suspended member's sign-in is refused (403 BANNED_USER) in the product's words
      admin({ defaultRole: MEMBER_ROLE, adminRoles: ['admin'], bannedUserMessage: messages.moderation.suspended }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: config.oidc.providerId,
                  discoveryUrl: config.oidc.discoveryUrl,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // better-auth 1.7 signs in through POST /sign-in/social { provider } and comes back to
                  // /api/auth/callback/<providerId>. With a secret: client_secret_basic (oidc-provider's client
                  // default, accepted by Google; better-auth's own default is client_secret_post). Without one
                  // ('basic' would make better-auth refuse to start): a public client with PKCE ('none').
                  ...(config.oidc.clientSecret ? { authentication: 'basic' as const } : {}),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
