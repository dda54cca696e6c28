import { getSessionCookie } from 'better-auth/cookies';

/** The session cookie's name starts with this (velvet.session_token; __Secure- before it over https). */
export const SESSION_COOKIE_PREFIX = 'velvet';

/**
 * Whether a request carries a session cookie at all, valid or not: a hint (which page to send, what
 * to preload), never a check of who is signed in.
 */
export const hasSessionCookie = (headers: Headers) => getSessionCookie(headers, { cookiePrefix: SESSION_COOKIE_PREFIX }) !== null;
