import { relativeTimeFormat } from './intl';

/** How long ago a member was active, shared by every screen that shows it. */
const relative = relativeTimeFormat({ numeric: 'always' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Active now' within 5 minutes, then 'Active 20 minutes ago', 'Active 2 hours ago', 'Active 3 days ago',
 * 'Active 2 weeks ago', 'Active 4 months ago'. Coarse on purpose: a last-seen time to the minute says
 * more about a member than they need to share.
 */
export function lastActiveText(iso: string, now = Date.now()): string {
  const ago = Math.max(0, now - Date.parse(iso));
  if (ago < 5 * MINUTE) return 'Active now';
  if (ago < HOUR) return `Active ${relative.format(-Math.floor(ago / MINUTE / 5) * 5, 'minute')}`;
  if (ago < DAY) return `Active ${relative.format(-Math.floor(ago / HOUR), 'hour')}`;
  if (ago < 14 * DAY) return `Active ${relative.format(-Math.floor(ago / DAY), 'day')}`;
  if (ago < 60 * DAY) return `Active ${relative.format(-Math.floor(ago / (7 * DAY)), 'week')}`;
  return `Active ${relative.format(-Math.floor(ago / (30 * DAY)), 'month')}`;
}

export const isActiveNow = (iso: string, now = Date.now()) => now - Date.parse(iso) < 5 * MINUTE;
