/**
 * The site's day is the day in London (a UK product): 'Looked @ Me … people today' and the one view
 * per viewer per day both count days from midnight Europe/London, summer time included.
 */
export const SITE_TIME_ZONE = 'Europe/London';

// made on first use: making a formatter loads locale and time zone data, slow on a phone's start-up
let dayFormat: Intl.DateTimeFormat | undefined;

/** The London calendar day of an instant, as 'YYYY-MM-DD'. */
export function londonDay(at: Date | number = Date.now()): string {
  // en-CA formats as YYYY-MM-DD
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(at);
}

/** The calendar day `days` before a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
