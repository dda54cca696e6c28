import type { WSContext, WSEvents } from 'hono/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES, EVENT, HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS, ONLINE_WINDOW_MS } from '@velvet/core/realtime/protocol';
import { clientEventSchema, type ClientEvent, type ServerEvent, type ServerEventOf } from '@velvet/core/realtime/events';
import type { MessageDto } from '@velvet/core/schemas/message.schema';
import { messages } from '@velvet/core/messages';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { SessionData, SessionUser } from '../middleware/session';
import { AUTH_CHANGES_CHANNEL } from '../auth/session-cache';
import { RATE_LIMITS } from '../config/rate-limits';
import { createHub } from './hub';
import { createSlots, createTouchSchedule, takeFirst } from './heartbeat';
import { createRegistry, type Connection } from './registry';
import { realtimeRepository } from './realtime.repository';

export interface GatewayOptions {
  database: Database;
  log: Logger;
  /** origins whose pages may open a socket (a socket without Origin, i.e. not a browser, is allowed) */
  trustedOrigins: string[];
  loadMessage(id: string): Promise<MessageDto | undefined>;
  /** each socket is pinged (and its session checked) once per this interval */
  heartbeatMs?: number;
  /** a socket that has not answered a ping this long after it is terminated */
  heartbeatTimeoutMs?: number;
  /** the heartbeat's work is spread over ticks about this far apart (a slice of the sockets each) */
  sliceMs?: number;
  /** a connected member's last_active_at is rewritten about this often (must stay under ONLINE_WINDOW_MS) */
  touchEveryMs?: number;
}

/** Typing and presence.watch events a socket may send per window (each costs a query); more are dropped. */
const EVENT_BUDGET = 20;
const EVENT_WINDOW_MS = 10_000;

/**
 * Sockets one session (a browser, its tabs together) and one member (their devices) may hold open at
 * once, from the one table of limits. Counted by this process over the sockets it holds, so behind N
 * instances a member may hold up to N times these, each process enforcing its own share: a count
 * shared by every instance would cost a database write on every socket opened and closed (and be left
 * wrong by a process that died), for a cap whose job is that one cookie cannot pin thousands of
 * sockets, and their memory, on a server.
 */
const SOCKETS_PER_SESSION = RATE_LIMITS['realtime:sockets-session'].max;
const SOCKETS_PER_MEMBER = RATE_LIMITS['realtime:sockets-member'].max;
// A socket past the cap that got as far as opening (several upgrades raced past the route's check)
// is closed with CLOSE_CODES.tooManySockets. The web client takes it as any drop and tries again with
// backoff; its next try is then refused at the upgrade (429), and the backoff spaces those out
// (lib/reconnect-delay.ts).

/** Default tick of the heartbeat: with HEARTBEAT_MS, 30 slices of the sockets, one a second. */
const SLICE_MS = 1000;
/**
 * last_active_at is written at most about once a minute per connected member, which keeps it
 * well within ONLINE_WINDOW_MS (5 minutes) of now while a socket is open.
 */
const TOUCH_EVERY_MS = 60_000;
/** Members marked active per statement, and at most per tick (the rest wait for the next tick). */
const TOUCH_BATCH = 100;
const TOUCH_MAX_PER_TICK = 500;
/** Sessions looked up per statement. */
const SESSION_BATCH = 200;

/** Spends one unit of the socket's budget; false when it is used up for this window. */
function spend(conn: Connection): boolean {
  const now = Date.now();
  if (now - conn.budgetWindowStartedAt > EVENT_WINDOW_MS) {
    conn.budgetWindowStartedAt = now;
    conn.budgetUsed = 0;
  }
  return ++conn.budgetUsed <= EVENT_BUDGET;
}

const frame = (event: ServerEvent) => JSON.stringify(event);

/**
 * The socket gateway: authenticates sockets (by the session the request carried), keeps them in
 * the registry, answers client events (typing, presence watch, ping), publishes presence and
 * keeps sockets honest with heartbeats (dead peers and ended sessions are closed).
 *
 * The heartbeat never does everything at one moment (with thousands of sockets that stalled
 * delivery): the sockets are spread over slots, one slot handled per tick (`sliceMs`), so each is
 * pinged and has its session checked once per `heartbeatMs`; session lookups and last-active
 * writes run one small statement at a time, and a member's last_active_at is only rewritten
 * when this process has not written it for about `touchEveryMs`.
 */
export function createGateway(opts: GatewayOptions) {
  const { database, log } = opts;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = opts.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const slots = createSlots<Connection>(Math.max(1, Math.round(heartbeatMs / (opts.sliceMs ?? SLICE_MS))));
  const tickMs = heartbeatMs / slots.count();
  const touchEveryMs = opts.touchEveryMs ?? TOUCH_EVERY_MS;
  /** when this process last wrote each connected member's last_active_at */
  const touched = createTouchSchedule(touchEveryMs);
  /** sockets whose session is still to be checked this round */
  const sessionChecks = new Set<Connection>();
  /** members that may still be marked active this tick */
  let touchBudget = 0;
  /** the heartbeat's database work (one statement at a time), while it runs */
  let work: Promise<void> | null = null;
  const repo = realtimeRepository(database.db);
  const registry = createRegistry();
  /** members whose presence must never be published (hide last active), as last read */
  const hidden = new Map<string, boolean>();
  const hub = createHub({
    database,
    registry,
    log,
    loadMessage: (id) => opts.loadMessage(id),
    onPresence(event) {
      // another process saw this member's last socket close while this one still holds a socket
      const { userId, online } = event.payload;
      if (!online && registry.hasUser(userId) && hidden.get(userId) === false)
        track(publishPresence(userId, true), 'realtime presence failed');
    },
    onHidden(userId) {
      // until the next touch reads it again: no "online" from this process for them
      if (registry.hasUser(userId)) hidden.set(userId, true);
    },
  });
  let nextId = 1;
  let heartbeat: NodeJS.Timeout | null = null;
  let closing = false;
  /** presence work still running, awaited on close so nothing touches a closed database */
  const pending = new Set<Promise<unknown>>();
  const track = (task: Promise<unknown>, what: string) => {
    const p = task.catch((err: unknown) => log.error({ err }, what)).finally(() => pending.delete(p));
    pending.add(p);
  };
  /** node-server 2 upgrades requests through this (serve({ websocket })); small frames only come in */
  const websocket = { server: new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 }) };

  async function publishPresence(userId: string, online: boolean, lastActiveAt: Date = new Date()) {
    const event: ServerEventOf<'presence'> = {
      type: EVENT.presence,
      payload: { userId, online, lastActiveAt: lastActiveAt.toISOString() },
    };
    await hub.publishPresence(event);
  }

  /** Marks members active; refreshes who hides their last-active time. */
  async function touch(userIds: string[]) {
    const rows = await repo.touch(userIds);
    for (const [id, row] of rows) hidden.set(id, row.hideLastActive);
    return rows;
  }

  async function onFirstSocket(userId: string) {
    touched.mark(userId);
    const rows = await touch([userId]);
    const row = rows.get(userId);
    if (row && !row.hideLastActive && registry.hasUser(userId)) await publishPresence(userId, true, row.lastActiveAt);
  }

  async function onLastSocket(userId: string) {
    const rows = await touch([userId]);
    const row = rows.get(userId);
    if (!registry.hasUser(userId)) hidden.delete(userId);
    if (row && !row.hideLastActive && !registry.hasUser(userId)) await publishPresence(userId, false, row.lastActiveAt);
  }

  /** Pings these sockets; those still silent `heartbeatTimeoutMs` later are terminated. */
  function ping(conns: Connection[]) {
    const pinged: Connection[] = [];
    for (const conn of conns) {
      if (!conn.raw || conn.ws.readyState !== 1) continue;
      conn.alive = false;
      pinged.push(conn);
      try {
        conn.raw.ping();
      } catch {
        // closing already
      }
    }
    if (pinged.length === 0) return;
    const check = setTimeout(() => {
      for (const conn of pinged) if (!conn.alive && conn.raw && conn.ws.readyState === 1) conn.raw.terminate();
    }, heartbeatTimeoutMs);
    check.unref();
  }

  /** Closes the sockets among these whose session ended (signed out, expired, revoked). */
  async function checkSessions(conns: Connection[]) {
    const open = conns.filter((c) => c.ws.readyState === 1);
    if (open.length === 0) return;
    const live = await repo.liveSessions([...new Set(open.map((c) => c.sessionId))]);
    for (const conn of open) if (!live.has(conn.sessionId)) sessionEnded(conn);
  }

  /**
   * Sessions or accounts changed (migration 0011's triggers: signed out elsewhere, revoked, a member
   * suspended, …): these members' sockets have their sessions checked now, not at the next heartbeat,
   * so a suspended member's open page loses its socket at once. '*' checks every socket.
   */
  function onAuthChange(payload: string) {
    const conns = payload === '*' ? registry.connections() : payload.split(',').flatMap((id) => registry.connectionsOf(id));
    if (conns.length === 0) return;
    for (const conn of conns) sessionChecks.add(conn);
    track(kick(), 'realtime session check failed');
  }
  let authListening: Promise<() => Promise<void>> | null = null;

  /** The heartbeat's database work, one small statement at a time: queued session checks, then due members. */
  async function drain() {
    while (!closing) {
      if (sessionChecks.size > 0) {
        await checkSessions(takeFirst(sessionChecks, SESSION_BATCH));
        continue;
      }
      const due = touchBudget > 0 ? touched.takeDue(Math.min(TOUCH_BATCH, touchBudget), tickMs) : [];
      if (due.length === 0) return;
      touchBudget -= due.length;
      await touch(due);
    }
  }

  /** Starts the database work unless it runs already (it then picks up what was queued). */
  function kick(): Promise<void> {
    work ??= drain().finally(() => {
      work = null;
    });
    return work;
  }

  /** One tick: the next slot's sockets are pinged and queued for a session check; due members are marked active. */
  function tick() {
    const conns = slots.next();
    ping(conns);
    for (const conn of conns) sessionChecks.add(conn);
    touchBudget = TOUCH_MAX_PER_TICK;
    if (!work) track(kick(), 'realtime heartbeat failed');
  }

  /** A whole round at once: every socket pinged and its session checked, due members marked active. */
  async function beat() {
    const conns = registry.connections();
    ping(conns);
    for (const conn of conns) sessionChecks.add(conn);
    touchBudget = TOUCH_MAX_PER_TICK;
    do await kick();
    while (sessionChecks.size > 0 && !closing);
  }

  function ensureHeartbeat() {
    if (heartbeat || closing) return;
    heartbeat = setInterval(() => {
      if (registry.size() === 0) {
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = null;
        return;
      }
      tick();
    }, tickMs);
    heartbeat.unref();
  }

  /** The socket's session ended (signed out, revoked, expired, the member suspended): it is closed. */
  function sessionEnded(conn: Connection) {
    if (conn.ws.readyState === 1) conn.ws.close(CLOSE_CODES.unauthenticated, 'Session ended');
  }

  /**
   * One client event. What reaches another member (typing) or reads about others (presence.watch)
   * is decided by one statement that also reads whether the socket's session still stands: a session
   * ended by a suspension, a sign-out or a revocation is closed by the NOTIFY (onAuthChange) or the
   * heartbeat a moment later, and a frame that arrives meanwhile must not go through. The session is
   * read in the statement the event already made (its block check), so this costs no round trip,
   * and it is the database's answer, not a cached copy that a missed NOTIFY could keep.
   */
  async function handle(conn: Connection, event: ClientEvent) {
    // closing (its session ended, too slow, shutting down): nothing more from it is answered
    if (conn.ws.readyState !== 1) return;
    switch (event.type) {
      case 'ping':
        registry.send(conn, frame({ type: EVENT.pong, payload: {} }));
        return;
      case 'typing': {
        const { to, typing } = event.payload;
        if (to === conn.userId || !spend(conn)) return;
        const { live, open } = await repo.relayable(conn.sessionId, conn.userId, to);
        if (!live) return sessionEnded(conn);
        if (!open) return;
        await hub.publish([to], { type: EVENT.typing, payload: { userId: conn.userId, typing } });
        return;
      }
      case 'presence.watch': {
        if (!spend(conn)) return;
        const { live, rows } = await repo.watchable(conn.userId, conn.sessionId, [...new Set(event.payload.userIds)]);
        if (!live) return sessionEnded(conn);
        if (conn.ws.readyState !== 1) return;
        registry.watch(
          conn,
          rows.map((r) => r.userId),
        );
        const now = Date.now();
        for (const r of rows) {
          const online = registry.hasUser(r.userId) || now - r.lastActiveAt.getTime() < ONLINE_WINDOW_MS;
          registry.send(
            conn,
            frame({ type: EVENT.presence, payload: { userId: r.userId, online, lastActiveAt: r.lastActiveAt.toISOString() } }),
          );
        }
        return;
      }
      default:
        return;
    }
  }

  /** Why one more socket of this member and session is refused here (the caps above), or null. */
  function refusal(userId: string, sessionId: string): string | null {
    if (registry.countOfSession(sessionId) >= SOCKETS_PER_SESSION) return messages.errors.tooManySocketsInBrowser;
    if (registry.countOf(userId) >= SOCKETS_PER_MEMBER) return messages.errors.tooManySocketsForMember;
    return null;
  }

  /** The WebSocket handlers for one upgrade request, with the session it carried. */
  function eventsFor(user: SessionUser | null, sessionData: SessionData | null, origin: string | undefined): WSEvents {
    let conn: Connection | null = null;
    return {
      onOpen(_evt, ws: WSContext) {
        if (closing) return ws.close(CLOSE_CODES.goingAway, 'Server restarting');
        if (origin && !opts.trustedOrigins.includes(origin)) return ws.close(CLOSE_CODES.forbiddenOrigin, 'Origin not allowed');
        if (!user || !sessionData) return ws.close(CLOSE_CODES.unauthenticated, 'Sign in to connect');
        const refused = refusal(user.id, sessionData.id);
        if (refused) return ws.close(CLOSE_CODES.tooManySockets, refused);
        const raw = ws.raw as WebSocket | undefined;
        const c: Connection = {
          id: nextId++,
          userId: user.id,
          sessionId: sessionData.id,
          ws,
          raw,
          alive: true,
          watching: new Set(),
          budgetUsed: 0,
          budgetWindowStartedAt: 0,
        };
        conn = c;
        raw?.on('pong', () => (c.alive = true));
        const first = registry.add(c);
        slots.add(c);
        registry.send(c, frame({ type: EVENT.ready, payload: { userId: user.id } }));
        ensureHeartbeat();
        if (first) track(onFirstSocket(user.id), 'realtime presence failed');
      },
      onMessage(evt) {
        const current = conn;
        if (!current || typeof evt.data !== 'string') return;
        current.alive = true;
        let parsed: unknown;
        try {
          parsed = JSON.parse(evt.data);
        } catch {
          return;
        }
        const result = clientEventSchema.safeParse(parsed);
        if (!result.success) return;
        track(handle(current, result.data), 'realtime client event failed');
      },
      onClose() {
        const current = conn;
        conn = null;
        if (current) {
          slots.remove(current);
          sessionChecks.delete(current);
        }
        if (current && registry.remove(current)) {
          touched.forget(current.userId);
          track(onLastSocket(current.userId), 'realtime presence failed');
        }
      },
    };
  }

  return {
    hub,
    registry,
    websocket,
    eventsFor,
    /**
     * Why this signed-in member's upgrade is refused before it happens (too many sockets open here),
     * or null; the socket's own open checks again, for upgrades that raced past this.
     */
    refusal: (user: SessionUser | null, sessionData: SessionData | null) => (user && sessionData ? refusal(user.id, sessionData.id) : null),
    /** One whole heartbeat round now (tests; the timer spreads it over every `heartbeatMs`). */
    heartbeat: () => beat(),
    /** Listening must be on before a socket is accepted, or it could miss its first events. */
    ready: () => {
      if (closing) return Promise.resolve();
      authListening ??= database.listen(AUTH_CHANGES_CHANNEL, onAuthChange).catch((err: unknown) => {
        // the heartbeat still closes ended sessions, only later
        log.error({ err }, 'realtime: LISTEN on auth changes failed');
        return async () => undefined;
      });
      return Promise.all([hub.start(), authListening]).then(() => undefined);
    },
    /** Closes every socket (clients reconnect elsewhere) and stops listening. */
    async close(timeoutMs = 1000) {
      closing = true;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      const conns = registry.connections();
      const closed = Promise.all(
        conns.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (!c.raw || c.raw.readyState === 3) return resolve();
              c.raw.once('close', () => resolve());
              c.ws.close(CLOSE_CODES.goingAway, 'Server restarting');
            }),
        ),
      );
      const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
      await Promise.race([closed, timer]);
      for (const c of conns) if (c.raw && c.raw.readyState !== 3) c.raw.terminate();
      await Promise.all([...pending]);
      const unlistenAuth = authListening;
      authListening = null;
      if (unlistenAuth) await (await unlistenAuth)();
      await hub.stop();
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
