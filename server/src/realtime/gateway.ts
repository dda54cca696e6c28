import type { WSContext, WSEvents } from 'hono/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CLOSE_CODES,
  EVENT,
  HEARTBEAT_MS,
  HEARTBEAT_TIMEOUT_MS,
  ONLINE_WINDOW_MS,
  clientEventSchema,
  type ClientEvent,
  type ServerEvent,
  type ServerEventOf,
} from '@velvet/core/realtime/events';
import type { MessageDto } from '@velvet/core/schemas/message.schema';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { SessionData, SessionUser } from '../middleware/session';
import { createHub } from './hub';
import { createRegistry, type Connection } from './registry';
import { realtimeRepository } from './realtime.repository';

export interface GatewayOptions {
  database: Database;
  log: Logger;
  /** origins whose pages may open a socket (a socket without Origin, i.e. not a browser, is allowed) */
  trustedOrigins: string[];
  loadMessage(id: string): Promise<MessageDto | undefined>;
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

/** Typing and presence.watch events a socket may send per window (each costs a query); more are dropped. */
const EVENT_BUDGET = 20;
const EVENT_WINDOW_MS = 10_000;

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
 */
export function createGateway(opts: GatewayOptions) {
  const { database, log } = opts;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const heartbeatTimeoutMs = opts.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
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

  async function beat() {
    const conns = registry.connections();
    for (const conn of conns) {
      if (!conn.raw) continue;
      conn.alive = false;
      try {
        conn.raw.ping();
      } catch {
        // closing already
      }
    }
    const check = setTimeout(() => {
      for (const conn of conns) if (!conn.alive && conn.raw && conn.ws.readyState === 1) conn.raw.terminate();
    }, heartbeatTimeoutMs);
    check.unref();
    // last-active times, and sockets whose session ended (signed out, expired, revoked)
    await touch(registry.users());
    const live = await repo.liveSessions([...new Set(conns.map((c) => c.sessionId))]);
    for (const conn of conns) if (!live.has(conn.sessionId)) conn.ws.close(CLOSE_CODES.unauthenticated, 'Session ended');
  }

  function ensureHeartbeat() {
    if (heartbeat || closing) return;
    heartbeat = setInterval(() => {
      if (registry.size() === 0) {
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = null;
        return;
      }
      track(beat(), 'realtime heartbeat failed');
    }, heartbeatMs);
    heartbeat.unref();
  }

  async function handle(conn: Connection, event: ClientEvent) {
    switch (event.type) {
      case 'ping':
        registry.send(conn, frame({ type: EVENT.pong, payload: {} }));
        return;
      case 'typing': {
        const { to, typing } = event.payload;
        if (to === conn.userId || !spend(conn)) return;
        if (await repo.blockedEitherWay(conn.userId, to)) return;
        await hub.publish([to], { type: EVENT.typing, payload: { userId: conn.userId, typing } });
        return;
      }
      case 'presence.watch': {
        if (!spend(conn)) return;
        const rows = await repo.watchable(conn.userId, [...new Set(event.payload.userIds)]);
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

  /** The WebSocket handlers for one upgrade request, with the session it carried. */
  function eventsFor(user: SessionUser | null, sessionData: SessionData | null, origin: string | undefined): WSEvents {
    let conn: Connection | null = null;
    return {
      onOpen(_evt, ws: WSContext) {
        if (closing) return ws.close(CLOSE_CODES.goingAway, 'Server restarting');
        if (origin && !opts.trustedOrigins.includes(origin)) return ws.close(CLOSE_CODES.forbiddenOrigin, 'Origin not allowed');
        if (!user || !sessionData) return ws.close(CLOSE_CODES.unauthenticated, 'Sign in to connect');
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
        if (current && registry.remove(current)) track(onLastSocket(current.userId), 'realtime presence failed');
      },
    };
  }

  return {
    hub,
    registry,
    websocket,
    eventsFor,
    /** One heartbeat round now (tests; the timer runs it every HEARTBEAT_MS). */
    heartbeat: () => beat(),
    /** Listening must be on before a socket is accepted, or it could miss its first events. */
    ready: () => (closing ? Promise.resolve() : hub.start()),
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
      await hub.stop();
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
