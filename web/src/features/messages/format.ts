import { dateTimeFormat } from '../../lib/intl';
import { clock, dayMonth, weekdayShort } from '../../lib/en-gb';
import { startOfDay } from '../../lib/day-clock';

/** Times as members read them in a chat (British, 24-hour): the list's without Intl (lib/en-gb.ts). */
const fullDay = dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

const DAY = 86_400_000;

/** 'HH:mm' (spec §2 Messages). */
export const hhmm = (iso: string) => clock(new Date(iso));

export const sameDay = (a: string, b: string) => startOfDay(new Date(a)) === startOfDay(new Date(b));

/** The separator above the first message of a day: 'Today', 'Yesterday', or the date; `now` from useToday (lib/day-clock.ts), so it moves on at midnight. */
export function dayLabel(iso: string, now: Date) {
  const days = Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return fullDay.format(new Date(iso));
}

/** A list row's time: HH:mm today, the weekday within a week, else the date; `now` from useToday, as dayLabel's. */
export function listTime(iso: string, now: Date) {
  const days = Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY);
  if (days === 0) return hhmm(iso);
  if (days < 7) return weekdayShort(new Date(iso));
  return dayMonth(new Date(iso));
}
