import type { WSContext } from 'hono/ws';
import type { WebSocket } from 'ws';
import { CLOSE_CODES } from '@velvet/core/realtime/protocol';

/** One open socket of a signed-in member, on this process. */
export interface Connection {
  id: number;
  userId: string;
  sessionId: string;
  ws: WSContext;
  /** the `ws` socket underneath, for protocol pings */
  raw: WebSocket | undefined;
  /** answered the last ping */
  alive: boolean;
  /** members whose presence this socket asked for */
  watching: Set<string>;
  /** client events that cost a query (typing, presence.watch) in the current window: a small budget */
  budgetUsed: number;
  budgetWindowStartedAt: number;
}

/** A socket with this much unsent data is not keeping up: it is closed (the client resyncs). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** userId → sockets on this process, and who watches whose presence. Delivery never throws. */
export function createRegistry() {
  const byUser = new Map<string, Set<Connection>>();
  /** sessionId → how many sockets of that session this process holds (the gateway's cap) */
  const bySession = new Map<string, number>();
  const watchers = new Map<string, Set<Connection>>();

  function send(conn: Connection, text: string) {
    if (conn.ws.readyState !== 1) return;
    if ((conn.raw?.bufferedAmount ?? 0) > MAX_BUFFERED_BYTES) {
      conn.ws.close(CLOSE_CODES.tooSlow, 'Too slow');
      return;
    }
    try {
      conn.ws.send(text);
    } catch {
      // the socket is going away; its close handler cleans up
    }
  }

  function unwatchAll(conn: Connection) {
    for (const id of conn.watching) {
      const set = watchers.get(id);
      set?.delete(conn);
      if (set?.size === 0) watchers.delete(id);
    }
    conn.watching.clear();
  }

  return {
    /** Adds a socket; true when it is the member's first one here. */
    add(conn: Connection): boolean {
      let set = byUser.get(conn.userId);
      const first = !set;
      if (!set) byUser.set(conn.userId, (set = new Set()));
      if (!set.has(conn)) bySession.set(conn.sessionId, (bySession.get(conn.sessionId) ?? 0) + 1);
      set.add(conn);
      return first;
    },
    /** Removes a socket; true when it was the member's last one here. */
    remove(conn: Connection): boolean {
      unwatchAll(conn);
      const set = byUser.get(conn.userId);
      if (!set?.delete(conn)) return false;
      const left = (bySession.get(conn.sessionId) ?? 1) - 1;
      if (left > 0) bySession.set(conn.sessionId, left);
      else bySession.delete(conn.sessionId);
      if (set.size > 0) return false;
      byUser.delete(conn.userId);
      return true;
    },
    watch(conn: Connection, userIds: Iterable<string>) {
      unwatchAll(conn);
      for (const id of userIds) {
        conn.watching.add(id);
        let set = watchers.get(id);
        if (!set) watchers.set(id, (set = new Set()));
        set.add(conn);
      }
    },
    /** `userId`'s sockets here stop hearing `aboutId`'s presence (a block now stands between them). */
    stopWatching(userId: string, aboutId: string) {
      const set = watchers.get(aboutId);
      for (const conn of byUser.get(userId) ?? []) {
        conn.watching.delete(aboutId);
        set?.delete(conn);
      }
      if (set?.size === 0) watchers.delete(aboutId);
    },
    /** Nobody here hears `aboutId`'s presence any more (they hid their last-active time). */
    dropWatchers(aboutId: string) {
      for (const conn of watchers.get(aboutId) ?? []) conn.watching.delete(aboutId);
      watchers.delete(aboutId);
    },
    hasUser: (userId: string) => byUser.has(userId),
    users: () => [...byUser.keys()],
    connections: () => [...byUser.values()].flatMap((set) => [...set]),
    /** One member's sockets on this process. */
    connectionsOf: (userId: string) => [...(byUser.get(userId) ?? [])],
    /** How many sockets this process holds for a member, and for one session. */
    countOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    countOfSession: (sessionId: string) => bySession.get(sessionId) ?? 0,
    size: () => {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    send,
    sendToUser(userId: string, text: string) {
      for (const conn of byUser.get(userId) ?? []) send(conn, text);
    },
    sendToWatchers(aboutUserId: string, text: string) {
      for (const conn of watchers.get(aboutUserId) ?? []) send(conn, text);
    },
    broadcast(text: string) {
      for (const set of byUser.values()) for (const conn of set) send(conn, text);
    },
  };
}
export type Registry = ReturnType<typeof createRegistry>;
