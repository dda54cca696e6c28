import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { messages } from '@velvet/core/messages';
import { forgotPasswordSchema, newPasswordSchema, signInSchema, signUpSchema } from '@velvet/core/schemas/credentials.schema';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const refuse = (message: string, details: Record<string, string>) =>
  new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, details });

// better-auth checks addresses with zod's email rule after us; refuse what it would refuse, in the spec's words
const strictEmail = z.email();

/** Checks a body against a shared schema (classic zod or zod/mini alike; a new password's check is asynchronous). */
async function check<S extends z.core.$ZodType>(schema: S, body: unknown): Promise<z.core.output<S>> {
  // a JSON array, string or null is no form at all: the "missing fields" words, not zod's
  const parsed = await z.core.safeParseAsync(schema, isPlainObject(body) ? body : {});
  if (!parsed.success) {
    const details: Record<string, string> = {};
    for (const issue of parsed.error.issues) details[issue.path.join('.') || '_'] ??= issue.message;
    throw refuse(parsed.error.issues[0]?.message ?? messages.errors.badRequest, details);
  }
  const email = (parsed.data as { email?: unknown }).email;
  if (typeof email === 'string' && !strictEmail.safeParse(email).success) {
    throw refuse(messages.signIn.invalidEmail, { email: messages.signIn.invalidEmail });
  }
  return parsed.data;
}

/** A password being chosen (reset, change): the shared rules, or a 400 naming `newPassword`. */
async function checkNewPassword(value: unknown) {
  const password = await z.core.safeParseAsync(newPasswordSchema, value);
  if (!password.success) {
    const message = password.error.issues[0]?.message ?? messages.signUp.passwordTooShort;
    throw refuse(message, { newPassword: message });
  }
}

/** Control characters (NUL included) cannot be stored in a PostgreSQL text column. */
const printable = (s: string) => s.replace(/\p{Cc}/gu, '');

/** A member's name as stored: printable, trimmed, at most 60 characters. */
const cleanName = (s: string) => printable(s).trim().slice(0, 60);

/** Passwords are only hashed or compared, never stored or looked up as text: any character is fine. */
const PASSWORD_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);
/** Routes whose rules below clean the `name` field (control characters removed) instead of refusing it. */
const NAME_CLEANED_ON = new Set(['/sign-up/email', '/update-user']);

/**
 * The field (top-level key) of the first string holding a NUL character, or undefined. Iterative, because
 * a 1 MB JSON body can nest hundreds of thousands of levels deep.
 */
function fieldWithNul(input: Record<string, unknown>, skip: (key: string) => boolean): string | undefined {
  const stack: [string, unknown][] = Object.entries(input).filter(([key]) => !skip(key));
  while (stack.length) {
    const [key, value] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return key;
    } else if (typeof value === 'object' && value !== null) {
      for (const nested of Object.values(value)) stack.push([key, nested]);
    }
  }
  return undefined;
}

const isWebUrl = (s: string) => {
  if (s.length > 2048) return false;
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

const RESET_TOKEN_SHAPE = /^[\w-]{1,256}$/;

/** Where a confirmation link lands when the client names no place: the sign-in screen's notice. */
const CONFIRMED_CALLBACK = '/login?confirmed=1';

/** Sign-up fields better-auth may see; anything else (image, role, verified…) never reaches it. */
const SIGN_UP_FIELDS = new Set(['email', 'password', 'name', 'callbackURL']);

/**
 * The shared sign-in and sign-up rules (core schemas), enforced before better-auth runs, so the
 * server answers with the spec's words and refuses members who have not confirmed they are 18+.
 */
export function inputRules(): BetterAuthPlugin {
  return {
    id: 'velvet-input-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const input = await check(signInSchema, ctx.body);
            const body = ctx.body as Record<string, unknown>;
            // an unconfirmed member's sign-in mails a fresh confirmation link: land it on the sign-in screen
            const callbackURL = typeof body.callbackURL === 'string' && body.callbackURL ? body.callbackURL : CONFIRMED_CALLBACK;
            return { context: { body: { ...body, email: input.email, callbackURL } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const input = await check(signUpSchema, ctx.body);
            const body = ctx.body as Record<string, unknown>;
            const given = typeof body.name === 'string' ? cleanName(body.name) : '';
            const name = given || input.email.split('@')[0]!;
            const callbackURL = typeof body.callbackURL === 'string' && body.callbackURL ? body.callbackURL : CONFIRMED_CALLBACK;
            // better-auth merges a hook's body INTO the request body (defu), so extra keys would
            // survive: drop them from the request itself
            for (const key of Object.keys(body)) if (!SIGN_UP_FIELDS.has(key)) delete body[key];
            return {
              context: {
                body: { email: input.email, password: input.password, name, callbackURL },
              },
            };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/request-password-reset',
          handler: createAuthMiddleware(async (ctx) => {
            const input = await check(forgotPasswordSchema, ctx.body);
            return { context: { body: { ...(ctx.body as object), email: input.email } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isPlainObject(ctx.body) ? ctx.body : {};
            const token = body.token ?? ctx.query?.token;
            // better-auth's reset tokens are short url-safe ids; anything else (a NUL byte made
            // PostgreSQL fail the lookup: a 500) is simply not a valid link
            if (typeof token !== 'string' || !RESET_TOKEN_SHAPE.test(token)) {
              throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: messages.account.resetInvalid });
            }
            await checkNewPassword(body.newPassword);
          }),
        },
        {
          // the new password follows the sign-up rules (length, not a common password); the current one is
          // only compared, and better-auth answers a wrong one itself
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isPlainObject(ctx.body) ? ctx.body : {};
            await checkNewPassword(body.newPassword);
          }),
        },
        {
          // a mangled confirmation link (no token) gets the spec's words, not a schema dump
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const token = (ctx.query as { token?: unknown } | undefined)?.token;
            if (typeof token !== 'string' || !token) {
              throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: messages.signIn.confirmLinkInvalid });
            }
          }),
        },
        {
          // better-auth hands name and image to the database as they come: a null name broke the NOT NULL
          // column and a NUL byte the text encoding (both a 500); a number or an object was stored as text
          matcher: (ctx) => ctx.path === '/update-user',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isPlainObject(ctx.body) ? ctx.body : {};
            const changes: Record<string, unknown> = {};
            if ('name' in body) {
              const name = typeof body.name === 'string' ? cleanName(body.name) : '';
              if (!name) throw refuse(messages.errors.badRequest, { name: messages.errors.badRequest });
              changes.name = name;
            }
            // a picture is a web address or nothing (no javascript: or data: URLs, no markup)
            if ('image' in body && body.image !== null && !(typeof body.image === 'string' && isWebUrl(body.image))) {
              throw refuse(messages.errors.badRequest, { image: messages.errors.badRequest });
            }
            return { context: { body: { ...body, ...changes } } };
          }),
        },
        {
          // Last, so the rules above answer first in their own words. Every auth route: the body, when there
          // is one, is a JSON object (better-auth let `null` or `[]` through to routes without fields), and no
          // string bound for the database holds a NUL, which PostgreSQL cannot store or compare: it failed the
          // query (a 500) in revoke-session, the TOTP replay guard and the admin routes, among others.
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            if (body !== undefined && !isPlainObject(body)) throw refuse(messages.errors.badRequest, {});
            const skip = (key: string) => PASSWORD_FIELDS.has(key) || (key === 'name' && NAME_CLEANED_ON.has(ctx.path));
            const field =
              (isPlainObject(body) ? fieldWithNul(body, skip) : undefined) ??
              (isPlainObject(ctx.query) ? fieldWithNul(ctx.query, () => false) : undefined);
            if (field) throw refuse(messages.errors.badRequest, { [field]: messages.errors.badRequest });
          }),
        },
      ],
    },
  };
}
