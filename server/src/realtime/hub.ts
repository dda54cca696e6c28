import { EVENT } from '@velvet/core/realtime/protocol';
import type { ServerEvent, ServerEventOf } from '@velvet/core/realtime/events';
import type { MessageDto } from '@velvet/core/schemas/message.schema';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Registry } from './registry';

/** The one channel every server process LISTENs on. */
export const EVENTS_CHANNEL = 'velvet_events';
/** NOTIFY refuses payloads of 8000 bytes or more: bigger events travel as an id and are reloaded. */
export const NOTIFY_MAX_BYTES = 7000;

/**
 * What crosses processes through NOTIFY:
 * - `to`: an event for every socket of these members;
 * - `ref`: the same for a message.created too big for NOTIFY, carrying only the message id;
 * - `watch`: a presence event for the sockets watching `about`;
 * - `hide`: `about` now hides their last-active time: their watchers are told they are offline, then dropped.
 */
type Envelope =
  | { k: 'to'; to: string[]; e: ServerEvent }
  | { k: 'ref'; to: string[]; id: string }
  | { k: 'watch'; about: string; e: ServerEventOf<'presence'> }
  | { k: 'hide'; about: string };

/**
 * The NOTIFY payload that delivers `event` to every socket of these members, in every process. A
 * repository may send it with `select pg_notify(EVENTS_CHANNEL, …)` inside a transaction: PostgreSQL
 * delivers it on commit only, so a rolled-back change is never announced.
 */
export const envelopeTo = (to: string[], event: ServerEvent): string => JSON.stringify({ k: 'to', to, e: event } satisfies Envelope);

/** What feature services use to emit events. Publishing never throws: delivery is best effort, clients resync. */
export interface RealtimeEvents {
  publish(userIds: string[], event: ServerEvent): Promise<void>;
  /** Several events at once: one NOTIFY statement for all of them. */
  publishAll(events: { to: string[]; event: ServerEvent }[]): Promise<void>;
  /** `userId` turned on Hide Last Active: everyone watching them sees them offline, with no time, and hears no more. */
  hidePresence(userId: string): Promise<void>;
}

export interface HubDeps {
  database: Database;
  registry: Registry;
  log: Logger;
  /** reloads a message announced by id only (too big for NOTIFY) */
  loadMessage(id: string): Promise<MessageDto | undefined>;
  /** a presence event arrived (from any process, this one included) */
  onPresence?(event: ServerEventOf<'presence'>): void;
  /** a member hid their last-active time (from any process, this one included) */
  onHidden?(userId: string): void;
}

/**
 * The LISTEN/NOTIFY bridge. Every process (also the one that published) hears each envelope once
 * and delivers it to its own sockets, so N processes on one database behave as one.
 */
export function createHub(deps: HubDeps) {
  const { database, registry, log } = deps;
  let listening: Promise<() => Promise<void>> | null = null;

  async function notify(payloads: string[]) {
    if (payloads.length === 0) return;
    try {
      await database.notify(EVENTS_CHANNEL, payloads);
    } catch (err) {
      log.error({ err }, 'realtime notify failed');
    }
  }
  const payload = (envelope: Envelope) => JSON.stringify(envelope);

  /** The NOTIFY payload that carries `event` to `userIds`: whole, or a message by id when too big for NOTIFY. */
  function payloadOf(userIds: string[], event: ServerEvent): string | null {
    const to = [...new Set(userIds)];
    if (to.length === 0) return null;
    const whole = payload({ k: 'to', to, e: event });
    if (Buffer.byteLength(whole) <= NOTIFY_MAX_BYTES) return whole;
    if (event.type === EVENT.messageCreated) return payload({ k: 'ref', to, id: event.payload.message.id });
    log.error({ type: event.type }, 'realtime event too large to publish');
    return null;
  }

  async function receive(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    switch (envelope.k) {
      case 'to': {
        if (!Array.isArray(envelope.to)) return;
        const text = JSON.stringify(envelope.e);
        for (const id of envelope.to) registry.sendToUser(id, text);
        // a block now stands: neither member's sockets hear the other's presence from here on
        if (envelope.e.type === EVENT.memberHidden && envelope.e.payload.hidden)
          for (const id of envelope.to) registry.stopWatching(id, envelope.e.payload.userId);
        return;
      }
      case 'ref': {
        if (!Array.isArray(envelope.to) || !envelope.to.some((id) => registry.hasUser(id))) return;
        const message = await deps.loadMessage(envelope.id);
        if (!message) return; // deleted meanwhile: its message.deleted follows
        const text = JSON.stringify({ type: EVENT.messageCreated, payload: { message } } satisfies ServerEvent);
        for (const id of envelope.to) registry.sendToUser(id, text);
        return;
      }
      case 'watch':
        registry.sendToWatchers(envelope.about, JSON.stringify(envelope.e));
        deps.onPresence?.(envelope.e);
        return;
      case 'hide': {
        const offline: ServerEvent = { type: EVENT.presence, payload: { userId: envelope.about, online: false, lastActiveAt: null } };
        registry.sendToWatchers(envelope.about, JSON.stringify(offline));
        registry.dropWatchers(envelope.about);
        deps.onHidden?.(envelope.about);
        return;
      }
      default:
        return;
    }
  }

  return {
    /** Starts listening (once); resolves when this process hears events. */
    start(): Promise<void> {
      listening ??= database
        .listen(
          EVENTS_CHANNEL,
          (payload) => {
            receive(payload).catch((err: unknown) => log.error({ err }, 'realtime delivery failed'));
          },
          () => {
            log.warn('realtime listener reconnected: asking clients to resync');
            registry.broadcast(JSON.stringify({ type: EVENT.resync, payload: {} } satisfies ServerEvent));
          },
        )
        .catch((err: unknown) => {
          listening = null;
          throw err;
        });
      return listening.then(() => undefined);
    },

    async stop() {
      const current = listening;
      listening = null;
      if (current) await (await current.catch(() => async () => undefined))();
    },

    async publish(userIds: string[], event: ServerEvent) {
      const text = payloadOf(userIds, event);
      if (text) await notify([text]);
    },

    async publishAll(events: { to: string[]; event: ServerEvent }[]) {
      await notify(events.map(({ to, event }) => payloadOf(to, event)).filter((p): p is string => p !== null));
    },

    async hidePresence(userId: string) {
      await notify([payload({ k: 'hide', about: userId })]);
    },

    async publishPresence(event: ServerEventOf<'presence'>) {
      await notify([payload({ k: 'watch', about: event.payload.userId, e: event })]);
    },
  };
}
