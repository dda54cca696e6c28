import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { SessionData, SessionUser } from './session-types';
import type { Auth } from './auth';

/** The channel migration 0011's triggers NOTIFY: member ids (comma separated), or '*' for everyone. */
export const AUTH_CHANGES_CHANNEL = 'velvet_auth';

export interface SignedIn {
  user: SessionUser;
  session: SessionData;
}

interface Entry {
  found: SignedIn;
  /** when this entry must be looked up again: the TTL, or the session's own expiry if sooner */
  until: number;
}

export interface SessionCacheOptions {
  auth: Auth;
  database: Database;
  log: Logger;
  /**
   * How long a looked-up session is trusted without the database. Changes reach every process
   * through NOTIFY at once; this only bounds a change missed while the listener was reconnecting.
   */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * The signed-in member of a request, from memory when this process has seen the session cookie
 * lately, else from better-auth (which checks the cookie's signature and reads the session and its
 * user). Every request of a signed-in member needed that statement and better-auth's cookie
 * handling; now only the first one in `ttlMs` does.
 *
 * Kept honest across processes: database triggers (migration 0011) NOTIFY the ids of members whose
 * sessions or user rows changed, and every process forgets those members' entries. A lookup that
 * raced with such a change is not stored (`overtaken`), and a process whose listener reconnected
 * forgets everything, since notifications sent meanwhile are lost.
 */
export function createSessionCache(opts: SessionCacheOptions) {
  const { auth, database, log } = opts;
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 50_000;
  const now = opts.now ?? Date.now;

  /** by the session cookie's whole signed value: the same text always names the same session */
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();

  // A lookup that a change overtook must not be stored. Each change takes the next number; a lookup
  // remembers the number when it started and is stored only when nothing about its member or its
  // cookie (or everything) was forgotten since. Per member, not one counter for all: on a busy server
  // some session somewhere changes every moment (better-auth refreshes each once a day).
  let changes = 0;
  let allForgottenAt = 0;
  const userForgottenAt = new Map<string, number>();
  const keyForgottenAt = new Map<string, number>();
  const FORGOTTEN_KEPT = 10_000;

  function noteForgotten(map: Map<string, number>, id: string) {
    changes++;
    if (map.size >= FORGOTTEN_KEPT) {
      // lookups take milliseconds: the old marks matter to nobody, but to be safe count it as "all"
      map.clear();
      allForgottenAt = changes;
    }
    map.set(id, changes);
  }

  function overtaken(key: string, userId: string, startedAt: number) {
    return allForgottenAt > startedAt || (userForgottenAt.get(userId) ?? 0) > startedAt || (keyForgottenAt.get(key) ?? 0) > startedAt;
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.found.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.found.user.id);
  }

  function forgetUser(userId: string) {
    noteForgotten(userForgottenAt, userId);
    for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
    keysByUser.delete(userId);
  }

  function forgetAll() {
    allForgottenAt = ++changes;
    entries.clear();
    keysByUser.clear();
  }

  function store(key: string, found: SignedIn) {
    drop(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) drop(oldest);
    }
    entries.set(key, { found, until: Math.min(now() + ttlMs, new Date(found.session.expiresAt).getTime()) });
    let keys = keysByUser.get(found.user.id);
    if (!keys) keysByUser.set(found.user.id, (keys = new Set()));
    keys.add(key);
  }

  const listening = database
    .listen(
      AUTH_CHANGES_CHANNEL,
      (payload) => {
        if (payload === '*') forgetAll();
        else for (const id of payload.split(',')) forgetUser(id);
      },
      forgetAll,
    )
    .catch((err: unknown) => {
      // without notifications nothing may be kept: every lookup goes to the database
      log.error({ err }, 'session cache: LISTEN failed, caching off');
      return null;
    });
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);

  function cookieValue(headers: Headers, name: string): string | undefined {
    const header = headers.get('cookie');
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
    }
    return undefined;
  }

  return {
    /** The member signed in by this request's session cookie, or null. */
    async get(headers: Headers): Promise<SignedIn | null> {
      const key = cookieValue(headers, await cookieName);
      if (!key) return null;
      const caching = (await listening) !== null;
      const cached = entries.get(key);
      if (cached && cached.until > now()) return cached.found;
      if (cached) drop(key);
      const startedAt = changes;
      const found: SignedIn | null = await auth.api.getSession({ headers });
      if (found && caching && !overtaken(key, found.user.id, startedAt)) store(key, found);
      return found;
    },

    /**
     * Forgets the member this request's cookie belongs to: called after their own auth actions (sign
     * out, revoke, password, profile) so the next request here already sees the change; other
     * processes learn it from the triggers' NOTIFY.
     */
    async forgetRequester(headers: Headers): Promise<void> {
      const key = cookieValue(headers, await cookieName);
      if (!key) return;
      const entry = entries.get(key);
      if (entry) forgetUser(entry.found.user.id);
      // a lookup of this cookie still under way must not be stored either
      noteForgotten(keyForgottenAt, key);
    },

    /**
     * Forgets a member's sessions: called after a change someone else made to their account (a
     * moderator's role change or suspension) has committed, so their next request here already sees
     * it; other processes learn it from the triggers' NOTIFY.
     */
    forgetMember(userId: string): void {
      forgetUser(userId);
    },

    /** Stops listening (the database's own close also ends it). */
    async close(): Promise<void> {
      const stop = await listening;
      forgetAll();
      await stop?.();
    },

    /** For tests and the health of the cache: how many sessions are held. */
    size: () => entries.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
