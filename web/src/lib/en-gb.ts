/**
 * Counts, clock times, short dates and "… ago" as Intl writes them in en-GB, without Intl. The first
 * Intl formatter a page makes loads ICU's data: 80–120 ms on Lighthouse's phone (a 4× slower CPU),
 * inside the first render of the dashboard (the online count), Discover (the stats) and the inbox
 * (the rows' times). These are the few forms the first screens show; Intl stays for the rest (a chat's
 * day separators, dates on the account page). en-gb.test.ts checks each against Intl.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '1,234' (a whole number; anything else is left to Intl). */
export const count = (n: number) =>
  Number.isSafeInteger(n) ? `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}` : n.toLocaleString('en-GB');

/** '09:05', local time, 24-hour. */
export const clock = (d: Date) => `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;

/** 'Thu' */
export const weekdayShort = (d: Date) => WEEKDAYS[d.getDay()]!;

/** '3 Sept' */
export const dayMonth = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]}`;

export type AgoUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';

/** '1 day ago', '5 minutes ago' (Intl.RelativeTimeFormat's numeric: 'always' for a time past). */
export const ago = (n: number, unit: AgoUnit) => `${count(n)} ${unit}${n === 1 ? '' : 's'} ago`;
