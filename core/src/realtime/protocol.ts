/**
 * The realtime protocol's names and numbers (WebSocket at REALTIME_PATH, authenticated by the session
 * cookie): no zod here, so the web app's start-up can read them and load the payload schemas
 * (events.ts) only when its socket opens. docs/api.md describes it for people.
 */
export const REALTIME_PATH = '/api/v1/realtime';

/** Close codes the server uses (4xxx are the app's own). */
export const CLOSE_CODES = {
  /** no session, or the session ended (signed out, expired): sign in again, do not retry blindly */
  unauthenticated: 4401,
  /** the page's Origin is not one of the site's own */
  forbiddenOrigin: 4403,
  /** the socket did not keep up (too much unsent data) */
  tooSlow: 4408,
  /** past the open sockets a browser's session or a member may hold (server config/rate-limits.ts): close a tab */
  tooManySockets: 4429,
  /** the server is restarting: reconnect with backoff */
  goingAway: 1001,
} as const;

/** The spec's realtime defaults (§9): heartbeat every 30 s, a peer silent for 10 s more is dead. */
export const HEARTBEAT_MS = 30_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
/**
 * A member counts as online while a socket is open or when active within the last 5 minutes (the
 * issue's definition, shared with the members list); an open socket rewrites last_active_at about
 * once a minute.
 */
export const ONLINE_WINDOW_MS = 5 * 60_000;
/** At most this many members watched for presence per socket. */
export const PRESENCE_WATCH_MAX = 200;

export const EVENT = {
  ready: 'ready',
  messageCreated: 'message.created',
  messageDeleted: 'message.deleted',
  messageRead: 'message.read',
  typing: 'typing',
  presence: 'presence',
  memberHidden: 'member.hidden',
  activityCreated: 'activity.created',
  activityRead: 'activity.read',
  resync: 'resync',
  pong: 'pong',
} as const;

/** The frames every connection gets at once, whose payload holds at most a member's id. */
export type BareFrame =
  | { type: typeof EVENT.ready; payload: { userId: string } }
  | { type: typeof EVENT.pong | typeof EVENT.resync; payload: Record<string, never> };

/**
 * A 'ready', 'pong' or 'resync' frame read without the schemas of events.ts (null for any other frame,
 * or one these do not match): a page's start-up then builds no schema, and the browser loads them
 * with the first frame that needs them. protocol.test.ts holds this to the schemas' answers.
 */
export function bareFrame(frame: unknown): BareFrame | null {
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return null;
  const { type, payload } = frame as { type?: unknown; payload?: unknown };
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  if (type === EVENT.pong || type === EVENT.resync) return { type, payload: {} };
  if (type !== EVENT.ready) return null;
  const { userId } = payload as { userId?: unknown };
  return typeof userId === 'string' && userId.length >= 1 && userId.length <= 64 ? { type, payload: { userId } } : null;
}
