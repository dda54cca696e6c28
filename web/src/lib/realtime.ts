import { useSyncExternalStore } from 'react';
import { bareFrame, CLOSE_CODES, HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS, REALTIME_PATH } from '@velvet/core/realtime/protocol';
import type { ClientEvent, ServerEvent, serverEventSchema } from '@velvet/core/realtime/events';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'signed-out';

type EventListener = (event: ServerEvent) => void;
type ReconnectListener = () => void;

import { reconnectDelay } from './reconnect-delay';

/**
 * The one WebSocket of a signed-in tab. It reconnects with backoff and jitter after any drop, tells
 * its listeners each time the server has it registered (so they fetch what they missed), detects a silent dead peer with an
 * application ping, and stops for good when the server says the session has ended.
 *
 * The events' schemas load with the first frame that needs them, not with the page: zod is no part of a
 * signed-in page's start-up, and the frames every connection gets at once (ready, pong, resync) are
 * read without them (protocol.ts). A frame that needs them waits, and every frame after it, in order.
 */
class RealtimeConnection {
  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'idle';
  private attempt = 0;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly reconnectListeners = new Set<ReconnectListener>();
  private readonly statusListeners = new Set<() => void>();
  private watched: string[] = [];
  private schema: typeof serverEventSchema | null = null;
  private schemaLoading: Promise<void> | null = null;
  private pending: string[] = [];

  getStatus = () => this.status;

  start() {
    if (this.status === 'open' || this.status === 'connecting' || this.status === 'reconnecting') return;
    this.attempt = 0;
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  /** Closes the socket and stays closed (signed out, or the page no longer needs it). */
  stop(status: RealtimeStatus = 'idle') {
    window.removeEventListener('online', this.onOnline);
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.pending = [];
    this.everOpened = false;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'bye');
    this.setStatus(status);
  }

  /** Drops the current socket as if the network had (used when the page knows the link is dead). */
  reconnectNow() {
    if (this.status === 'idle' || this.status === 'signed-out') return;
    this.attempt = 0;
    this.socket?.close(4000, 'reconnect');
  }

  /** Sends when connected; false when the event could not go (nothing is queued). */
  send(event: ClientEvent): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  /** The members whose presence this tab wants; re-sent after every reconnect. */
  watchPresence(userIds: string[]) {
    this.watched = [...new Set(userIds)];
    this.send({ type: 'presence.watch', payload: { userIds: this.watched } });
  }

  subscribe(listener: EventListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Called after a socket opens again following a drop: events may have been missed meanwhile. */
  onReconnect(listener: ReconnectListener) {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  }

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  };

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    this.statusListeners.forEach((l) => l());
  }

  private loadSchema() {
    this.schemaLoading ??= import('@velvet/core/realtime/events').then(
      ({ serverEventSchema }) => {
        this.schema = serverEventSchema;
        const frames = this.pending;
        this.pending = [];
        frames.forEach((frame) => this.receive(frame));
      },
      () => {
        // the chunk did not come (offline, or a new version replaced it): the next connection asks
        // again, and its 'ready' has the listeners fetch whatever the waiting frames said
        this.schemaLoading = null;
        this.pending = [];
        this.socket?.close(4000, 'reconnect');
      },
    );
  }

  private receive(data: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const bare = this.pending.length ? null : bareFrame(parsed);
    if (bare) return this.dispatch(bare);
    if (!this.schema) {
      this.pending.push(data);
      this.loadSchema();
      return;
    }
    const event = this.schema.safeParse(parsed);
    if (event.success) this.dispatch(event.data);
  }

  private dispatch(event: ServerEvent) {
    if (event.type === 'pong') this.clearPongTimer();
    // 'ready': the server now sends this socket every event; whatever happened before it (while
    // the page's first reads were under way, or the socket was down) is caught up on by the
    // listeners, on the first connection as on every later one. A resync means the server may have
    // dropped events: the same.
    if (event.type === 'ready' || event.type === 'resync') this.reconnectListeners.forEach((l) => l());
    this.listeners.forEach((l) => l(event));
  }

  private connect() {
    this.clearTimers();
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      if (this.watched.length) this.send({ type: 'presence.watch', payload: { userIds: this.watched } });
      this.startHeartbeat();
    };
    socket.onmessage = (msg) => {
      if (this.socket !== socket || typeof msg.data !== 'string') return;
      this.receive(msg.data);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (ev.code === CLOSE_CODES.unauthenticated || ev.code === CLOSE_CODES.forbiddenOrigin) {
        this.stop('signed-out');
        return;
      }
      this.setStatus('reconnecting');
      const delay = reconnectDelay(this.attempt);
      this.attempt++;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private readonly onOnline = () => {
    if (this.status === 'reconnecting') {
      this.attempt = 0;
      this.connect();
    }
  };

  private startHeartbeat() {
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      this.clearPongTimer();
      this.pongTimer = setTimeout(() => this.reconnectNow(), HEARTBEAT_TIMEOUT_MS);
    }, HEARTBEAT_MS);
  }

  private clearPongTimer() {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.clearPongTimer();
  }
}

export const realtime = new RealtimeConnection();

export const useRealtimeStatus = () => useSyncExternalStore(realtime.subscribeStatus, realtime.getStatus);
