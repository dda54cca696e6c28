// The floor of the message delivery bench: a bare relay, plain `node:http` and the `ws` package, no
// framework, no database, no session check, in its own process (as baseline-http.mjs runs its floor).
// It answers the two things the bench uses as the real server does, in the same shapes:
// - a socket at /api/v1/realtime, its member taken from the session cookie's token text (the
//   bench's tokens end in `n<N>` for mb-N; the signature is not checked) or from `?member=mb-N`,
//   is told `ready` and registered;
// - POST /api/v1/messages/conversations/:otherId/messages with JSON `{ content, clientId }` reads
//   and parses the body, answers 201 `{ message, replayed: false }` (the fields of toMessageDto) and
//   writes one `message.created` frame, serialised once, to every open socket of the sender and
//   the receiver, as the server's events.publish([me, otherId], …) does.
// What a delivery costs here, under the same load generator, sockets and rate, is what the sockets,
// HTTP and JSON cost on this machine at that moment; the real server's figures are given as a
// multiple of it.
import { createRequire } from 'node:module';
import { startFloor } from './baseline-http.mjs';

const WS_PATH = createRequire(import.meta.url).resolve('ws');

const SERVER = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { WebSocketServer } = require(${JSON.stringify(WS_PATH)});
const COOKIE = 'velvet.session_token=';
const SEND = /^\\/api\\/v1\\/messages\\/conversations\\/([^/?]+)\\/messages$/;
const byMember = new Map();

function memberOf(req) {
  const url = new URL(req.url, 'http://relay');
  const named = url.searchParams.get('member');
  if (named) return named;
  const cookie = req.headers.cookie ?? '';
  const at = cookie.indexOf(COOKIE);
  if (at < 0) return null;
  const end = cookie.indexOf(';', at);
  const value = decodeURIComponent(cookie.slice(at + COOKIE.length, end < 0 ? undefined : end));
  const token = value.slice(0, value.lastIndexOf('.'));
  const n = /n(\\d+)$/.exec(token);
  return n ? 'mb-' + n[1] : null;
}

function sendTo(member, text) {
  for (const ws of byMember.get(member) ?? []) if (ws.readyState === 1) ws.send(text);
}

function answer(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const route = req.method === 'POST' ? SEND.exec(req.url) : null;
  const me = route ? memberOf(req) : null;
  if (!route || !me) {
    req.resume();
    return answer(res, route ? 401 : 404, { error: { code: route ? 'UNAUTHENTICATED' : 'NOT_FOUND' } });
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, { error: { code: 'BAD_JSON' } });
    }
    if (typeof input?.content !== 'string') return answer(res, 400, { error: { code: 'VALIDATION' } });
    const otherId = decodeURIComponent(route[1]);
    const message = {
      id: randomUUID(),
      clientId: input.clientId ?? randomUUID(),
      senderId: me,
      receiverId: otherId,
      content: input.content.trim(),
      messageType: 'text',
      createdAt: new Date().toISOString(),
      readAt: null,
    };
    const frame = JSON.stringify({ type: 'message.created', payload: { message } });
    sendTo(me, frame);
    if (otherId !== me) sendTo(otherId, frame);
    answer(res, 201, { message, replayed: false });
  });
});

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
server.on('upgrade', (req, socket, head) => {
  const member = new URL(req.url, 'http://relay').pathname === '/api/v1/realtime' ? memberOf(req) : null;
  if (!member) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    let set = byMember.get(member);
    if (!set) byMember.set(member, (set = new Set()));
    set.add(ws);
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0 && byMember.get(member) === set) byMember.delete(member);
    });
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'ready', payload: { userId: member } }));
  });
});
// as server/src/server.ts: keep-alive connections outlive a pause in the load
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
`;

/** Starts the relay; resolves once it listens. */
export const startRelay = () => startFloor(SERVER, 'the relay');
