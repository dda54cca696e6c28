import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/**
 * LISTEN on a PostgreSQL server through one dedicated connection (a pooled connection would be
 * handed to other queries and lose its LISTENs). When the connection drops it reconnects with
 * backoff, LISTENs again and calls the `onReconnect` callbacks: notifications sent while it was
 * away are lost, so listeners resynchronise.
 */
export function createPgListener(connectionString: string) {
  const channels = new Map<string, Set<NotificationHandler>>();
  const reconnectCallbacks = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let everConnected = false;
  let closed = false;

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = Math.min(5000, 100 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => scheduleReconnect());
    }, delay);
    retryTimer.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, keepAlive: true, application_name: 'velvet-listener' });
      const lost = () => {
        if (client !== c) return;
        client = null;
        c.removeAllListeners('notification');
        c.end().catch(() => undefined);
        scheduleReconnect();
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (msg) => {
        for (const handler of channels.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
        throw err;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        throw new Error('listener closed');
      }
      client = c;
      attempt = 0;
      if (everConnected) for (const cb of reconnectCallbacks) cb();
      everConnected = true;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, handler: NotificationHandler, onReconnect?: () => void): Promise<() => Promise<void>> {
      if (closed) throw new Error('listener closed');
      let handlers = channels.get(channel);
      const first = !handlers;
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(handler);
      if (onReconnect) reconnectCallbacks.add(onReconnect);
      try {
        const c = await connect();
        if (first) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        handlers.delete(handler);
        if (handlers.size === 0) channels.delete(channel);
        if (onReconnect) reconnectCallbacks.delete(onReconnect);
        throw err;
      }
      return async () => {
        handlers.delete(handler);
        if (onReconnect) reconnectCallbacks.delete(onReconnect);
        if (handlers.size === 0 && channels.get(channel) === handlers) {
          channels.delete(channel);
          await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
    /** The server process id of the listening connection (tests terminate it to simulate a failure). */
    backendPid: (): number | undefined => (client as unknown as { processID?: number } | null)?.processID,
  };
}
