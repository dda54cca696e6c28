import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@velvet/core/realtime/events';

/** A socket the test drives: it opens, receives frames and records how it was closed. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((msg: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close(code: number) {
    this.readyState = 3;
    this.closedWith = code;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const typing = (userId: string, on: boolean) => ({ type: 'typing', payload: { userId, typing: on } });

beforeEach(() => {
  // a new module each time: its event schemas are not loaded yet
  vi.resetModules();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost' });
});
afterEach(() => {
  vi.doUnmock('@velvet/core/realtime/events');
  vi.unstubAllGlobals();
});

async function listening() {
  const { realtime } = await import('./realtime');
  const events: ServerEvent[] = [];
  let caughtUp = 0;
  realtime.subscribe((e) => events.push(e));
  realtime.onReconnect(() => caughtUp++);
  return { realtime, events, caughtUp: () => caughtUp };
}

describe('the live connection loads its schemas with the first frame that needs them', () => {
  it('reads ready at once; keeps a frame that needs the schemas and every one after it, and reads them in order once they are in', async () => {
    const { realtime, events, caughtUp } = await listening();
    realtime.start();
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive({ type: 'ready', payload: { userId: 'me' } });
    socket.receive('not json');
    // the frames every connection gets at once are read without the schemas: the page catches up now
    expect(events).toEqual([{ type: 'ready', payload: { userId: 'me' } }]);
    expect(caughtUp()).toBe(1);

    socket.receive(typing('ann', true));
    socket.receive({ type: 'pong', payload: {} });
    socket.receive({ type: 'typing', payload: { userId: 'ann' } });
    socket.receive({ type: 'presence', payload: { userId: 'ann', online: true, lastActiveAt: null } });
    // a pong behind a waiting frame waits too
    expect(events.map((e) => e.type)).toEqual(['ready']);

    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['ready', 'typing', 'pong', 'presence']));
    // from now on a frame is read as it comes
    socket.receive(typing('ann', false));
    expect(events.at(-1)).toEqual(typing('ann', false));
    realtime.stop();
  });

  it('drops the waiting frames of a connection stopped before the schemas came', async () => {
    const { realtime, events } = await listening();
    realtime.start();
    FakeSocket.all[0]!.receive(typing('ann', true));
    realtime.stop();
    realtime.start();
    FakeSocket.all[1]!.receive(typing('bob', true));

    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events).toEqual([typing('bob', true)]);
    realtime.stop();
  });

  it('drops the socket to connect again when the schemas cannot be loaded', async () => {
    vi.doMock('@velvet/core/realtime/events', () => {
      throw new Error('offline');
    });
    const { realtime, events } = await listening();
    realtime.start();
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive(typing('ann', true));

    await vi.waitFor(() => expect(socket.closedWith).toBe(4000));
    expect(events).toEqual([]);
    realtime.stop();
  });
});
