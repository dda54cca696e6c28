import { ago as timeAgo } from './en-gb';

/** How long ago a member was active, shared by every screen that shows it. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Active now' within 5 minutes, then 'Active 20 minutes ago', 'Active 2 hours ago', 'Active 3 days ago',
 * 'Active 2 weeks ago', 'Active 4 months ago'. Coarse on purpose: a last-seen time to the minute says
 * more about a member than they need to share.
 */
export function lastActiveText(iso: string, now = Date.now()): string {
  const since = Math.max(0, now - Date.parse(iso));
  if (since < 5 * MINUTE) return 'Active now';
  if (since < HOUR) return `Active ${timeAgo(Math.floor(since / MINUTE / 5) * 5, 'minute')}`;
  if (since < DAY) return `Active ${timeAgo(Math.floor(since / HOUR), 'hour')}`;
  if (since < 14 * DAY) return `Active ${timeAgo(Math.floor(since / DAY), 'day')}`;
  if (since < 60 * DAY) return `Active ${timeAgo(Math.floor(since / (7 * DAY)), 'week')}`;
  return `Active ${timeAgo(Math.floor(since / (30 * DAY)), 'month')}`;
}

export const isActiveNow = (iso: string, now = Date.now()) => now - Date.parse(iso) < 5 * MINUTE;
