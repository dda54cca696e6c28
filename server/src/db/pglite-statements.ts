import { PGlite, protocol, types } from '@electric-sql/pglite';

type Parse = (text: string) => unknown;

/** What a named statement returns: its parameters' types and its columns, read once when it is prepared. */
interface Statement {
  paramTypes: number[];
  columns: { name: string; parse: Parse }[];
}

/** Drizzle's PGlite driver leaves dates and times as PostgreSQL's text; so must this path, to return the same rows. */
const AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText: Parse = (text) => text;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

interface ProtocolMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
}

/**
 * Named (prepared) statements on PGlite, which its `query()` does not offer: that sends every
 * statement unnamed, as six protocol exchanges (parse, describe, bind, describe, execute, sync), so
 * PostgreSQL parses and plans it again each time, and PGlite copies its whole parser table for each.
 * Here a statement is parsed and described once per database; each run is then one exchange of
 * bind, execute and sync, and its rows are built with the column parsers worked out at preparation
 * (the conversations list at 10 connections: server CPU 2.8 → 0.9 ms a request, bench/README.md).
 *
 * It takes PGlite's transaction and query locks as `query()` does, so it never runs inside another
 * caller's transaction; inside a transaction, use the transaction's own `query()`.
 *
 * Two differences from `query()` follow from preparing. PostgreSQL may, after five runs, keep one
 * generic plan for a statement, as it does on the server; `executePrepared` names only statements
 * whose plan does not depend on their values. And since PGlite never reads these replies, a NOTIFY
 * they carry reaches only the listeners registered through the database module (`Database.listen`),
 * never a `client.listen` of PGlite's own: listen through the module.
 */
export function pgliteStatements(pg: PGlite, onNotification: (channel: string, payload: string) => void) {
  const prepared = new Map<string, Statement>();

  /** Forgets a statement on both sides (PostgreSQL answers a Close of an unknown name with success). */
  async function forget(name: string) {
    prepared.delete(name);
    await pg.execProtocolStream(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
  }

  async function prepare(name: string, text: string, again = false): Promise<Statement> {
    const parts = [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()];
    let replies: ProtocolMessage[];
    try {
      replies = await pg.execProtocolStream(concat(parts), { syncToFs: false });
    } catch (e) {
      // the Parse may have succeeded before what failed: leave no statement behind that the map does not know
      await forget(name);
      if (!again && (e as { code?: string }).code === DUPLICATE_STATEMENT) return prepare(name, text, true);
      throw e;
    }
    const params = replies.find((m) => m.name === 'parameterDescription');
    const row = replies.find((m) => m.name === 'rowDescription');
    const fields = (row?.fields ?? []) as { name: string; dataTypeID: number }[];
    const statement: Statement = {
      paramTypes: params?.dataTypeIDs ?? [],
      columns: fields.map((f) => {
        const parser = AS_TEXT.includes(f.dataTypeID) ? asText : pg.parsers[f.dataTypeID];
        return { name: f.name, parse: parser ? (t: string) => parser(t, f.dataTypeID) : asText };
      }),
    };
    prepared.set(name, statement);
    return statement;
  }

  function serializeParam(value: unknown, type: number): string | null {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[type];
    // as PGlite's query() does
    return serializer ? serializer(value) : (value as { toString(): string }).toString();
  }

  async function execute<T>(name: string, statement: Statement, params: unknown[]): Promise<Reply<T>> {
    const values = params.map((v, i) => serializeParam(v, statement.paramTypes[i] ?? 0));
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), {
      syncToFs: !pg.isInTransaction(),
      // the bytes are a view of PostgreSQL's send buffer, reused once this returns
      onRawData: (bytes) => void chunks.push(bytes.slice()),
    });
    const reply = readReply<T>(chunks.length === 1 ? chunks[0]! : concat(chunks), statement.columns);
    for (const n of reply.notifications) queueMicrotask(() => onNotification(n.channel, n.payload));
    return reply;
  }

  return {
    /** Runs `text` as the statement `name` (prepared on first use) and returns its rows as objects. */
    run<T>(name: string, text: string, params: unknown[]): Promise<T[]> {
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          // a closed database says so, as query() does, rather than failing somewhere inside
          await pg._checkReady();
          let reply = await execute<T>(name, prepared.get(name) ?? (await prepare(name, text)), params);
          const code = (reply.error as { code?: string } | undefined)?.code;
          if (code && STALE_STATEMENT.has(code)) {
            // PGlite has one connection for the life of the process, so a statement made stale by a
            // schema change would otherwise fail until a restart: prepare it again, once
            await forget(name);
            reply = await execute<T>(name, await prepare(name, text), params);
          }
          if (reply.error) throw reply.error;
          return reply.rows;
        }),
      );
    },
  };
}

/**
 * PostgreSQL's answers to running a prepared statement that no longer fits: its result type changed
 * (a column added or altered: "cached plan must not change result type"), or it is not on the server.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);
/** Preparing a name the server has and the map does not. */
const DUPLICATE_STATEMENT = '42P05';

interface Reply<T> {
  rows: T[];
  error?: Error;
  notifications: { channel: string; payload: string }[];
}

/**
 * PostgreSQL's answer to bind/execute/sync, read straight from the bytes (PGlite's own reader copies
 * every field into an ArrayBuffer of its own before decoding it: 15 % of the server's time on the
 * conversations list). Rows, an error, and any NOTIFY its triggers sent; the rest (BindComplete,
 * CommandComplete, ReadyForQuery, notices) is not needed.
 */
function readReply<T>(bytes: Uint8Array, columns: Statement['columns']): Reply<T> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reply: Reply<T> = { rows: [], notifications: [] };
  const cstring = (at: number) => {
    const end = buf.indexOf(0, at);
    return { text: buf.toString('utf8', at, end), next: end + 1 };
  };
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at]!;
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    if (type === 0x44 /* D: DataRow */) {
      const count = buf.readInt16BE(p);
      p += 2;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const len = buf.readInt32BE(p);
        p += 4;
        const column = columns[i]!;
        if (len < 0) row[column.name] = null;
        else {
          row[column.name] = column.parse(buf.toString('utf8', p, p + len));
          p += len;
        }
      }
      reply.rows.push(row as T);
    } else if (type === 0x45 /* E: ErrorResponse */ && !reply.error) {
      const fields: Record<string, string> = {};
      while (buf[p] !== 0) {
        const code = String.fromCharCode(buf[p]!);
        const value = cstring(p + 1);
        fields[code] = value.text;
        p = value.next;
      }
      reply.error = databaseError(fields, end - at - 1);
    } else if (type === 0x41 /* A: NotificationResponse */) {
      const channel = cstring(p + 4);
      const payload = cstring(channel.next);
      reply.notifications.push({ channel: channel.text, payload: payload.text });
    }
    at = end;
  }
  return reply;
}

/** The error PGlite's own reader would have made of these fields, so callers see the same `code`, `constraint`... */
function databaseError(fields: Record<string, string>, length: number): Error {
  const error = new protocol.messages.DatabaseError(fields.M ?? 'database error', length, 'error');
  Object.assign(error, {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    dataType: fields.d,
    constraint: fields.n,
    routine: fields.R,
  });
  return error;
}

export type PgliteStatements = ReturnType<typeof pgliteStatements>;

type NotificationSink = (channel: string, payload: string) => void;
const sinks = new WeakMap<PGlite, NotificationSink>();
const statementsOf = new WeakMap<PGlite, PgliteStatements>();

/**
 * Where a NOTIFY sent by a statement run here goes: this path reads PostgreSQL's reply itself, so
 * PGlite never sees it and cannot call its `listen()` callbacks (the database module passes its own).
 */
export function deliverPgliteNotifications(pg: PGlite, sink: NotificationSink) {
  sinks.set(pg, sink);
}

/** The named statements of one PGlite database. */
export function pgliteStatementsOf(pg: PGlite): PgliteStatements {
  let statements = statementsOf.get(pg);
  if (!statements) {
    statements = pgliteStatements(pg, (channel, payload) => {
      const sink = sinks.get(pg);
      if (sink) sink(channel, payload);
      else console.warn(`pglite: a NOTIFY on ${channel} had no listener to go to`);
    });
    statementsOf.set(pg, statements);
  }
  return statements;
}
