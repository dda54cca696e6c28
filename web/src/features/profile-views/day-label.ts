import { messages } from '@velvet/core/messages';
import { daysBefore, londonDay } from '@velvet/core/time/london-day';

/**
 * A London day ('YYYY-MM-DD') as a member reads it: 'Today', 'Yesterday', else 'Monday 16 November'
 * (with the year when it is not this year).
 */
export function dayLabel(day: string, now: Date = new Date()): string {
  const today = londonDay(now);
  if (day === today) return messages.profileViews.today;
  if (day === daysBefore(today, 1)) return messages.profileViews.yesterday;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: sameYear ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
