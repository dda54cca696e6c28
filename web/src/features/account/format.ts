import { dateTimeFormat, relativeTimeFormat } from '../../lib/intl';

const dateTime = dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const relative = relativeTimeFormat({ numeric: 'auto' });

/** '22 Nov 2026, 14:05' */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago' */
export function formatAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 30) return relative.format(days, 'day');
  return formatDateTime(iso);
}
