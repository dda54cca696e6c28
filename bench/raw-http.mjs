// A lean HTTP/1.1 client for the closed-loop benches: one keep-alive socket per connection, the
// request written as one string, the answer framed by Content-Length or chunks and nothing more.
// Node's http client spends about 0.4 ms of CPU a request here (agent, parser, headers objects,
// streams); on a 2-core machine that CPU is taken from the server being measured, as a load
// generator on another machine would not. Same interface as httpClient in messaging-delivery.mjs.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { clearTimeout } from 'node:timers';

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** One connection: sends one request at a time and resolves with { status, text }. */
class Connection {
  constructor(host, port) {
    this.host = host;
    this.port = port;
    this.socket = null;
    this.pending = null;
    this.buffer = Buffer.alloc(0);
  }

  open() {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk) => this.onData(chunk));
    const fail = (err) => {
      if (this.socket === socket) this.socket = null;
      this.buffer = Buffer.alloc(0);
      const p = this.pending;
      this.pending = null;
      p?.reject(err ?? new Error('connection closed'));
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
    this.socket = socket;
  }

  request(head, body, timeout) {
    if (this.pending) return Promise.reject(new Error('one request at a time on a connection'));
    if (!this.socket) this.open();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.socket?.destroy(new Error('timeout')), timeout);
      this.pending = {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      this.socket.write(body === undefined ? head : head + body);
    });
  }

  onData(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(CRLFCRLF);
    if (end < 0 || !this.pending) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let text;
    let rest;
    if (length) {
      const total = end + 4 + Number(length[1]);
      if (this.buffer.length < total) return;
      text = this.buffer.toString('utf8', end + 4, total);
      rest = this.buffer.subarray(total);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parts = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString('latin1', at, lineEnd), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          rest = this.buffer.subarray(lineEnd + 4);
          break;
        }
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      text = Buffer.concat(parts).toString('utf8');
    } else {
      // no length and not chunked: the body runs to the close (not used by this server's answers)
      return;
    }
    this.buffer = rest.length ? Buffer.from(rest) : Buffer.alloc(0);
    const p = this.pending;
    this.pending = null;
    if (/\r\nconnection:\s*close/i.test(head)) this.socket?.destroy();
    p.resolve({ status, text });
  }
}

/** `connections` sockets, each lent to one caller at a time (the closed loop's clients). */
export function rawHttpClient(base, connections = 64, timeout = 10_000) {
  const { hostname, port } = new URL(base);
  const idle = Array.from({ length: connections }, () => new Connection(hostname, Number(port)));
  const all = [...idle];
  const waiting = [];
  const take = () => (idle.length ? Promise.resolve(idle.pop()) : new Promise((r) => waiting.push(r)));
  const give = (c) => (waiting.length ? waiting.shift()(c) : idle.push(c));
  return {
    async request(method, urlPath, cookie, body) {
      const data = body === undefined ? undefined : JSON.stringify(body);
      let head = `${method} ${urlPath} HTTP/1.1\r\nhost: ${hostname}:${port}\r\norigin: ${base}\r\n`;
      if (cookie) head += `cookie: ${cookie}\r\n`;
      if (data !== undefined) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(data)}\r\n`;
      head += '\r\n';
      const c = await take();
      try {
        return await c.request(head, data, timeout);
      } finally {
        give(c);
      }
    },
    close: () => all.forEach((c) => c.socket?.destroy()),
  };
}
