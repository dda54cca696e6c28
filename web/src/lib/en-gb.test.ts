import { describe, expect, it } from 'vitest';
import { ago, clock, count, dayMonth, weekdayShort, type AgoUnit } from './en-gb';

// the reference: Intl itself, over generated values
describe('en-GB forms without Intl', () => {
  it('writes counts as Intl does', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 999999, 1000000, 1234567, 2 ** 31, -1, -1234];
    for (let i = 0; i < 500; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const n of values) expect(count(n)).toBe(n.toLocaleString('en-GB'));
    expect(count(1.5)).toBe('1.5');
  });

  it('writes clock times, weekdays and short dates as Intl does, for every hour and day of a year', () => {
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });
    const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
    for (let h = 0; h < 366 * 24; h += 1) {
      const d = new Date(2026, 0, 1, h, (h * 7) % 60);
      expect(clock(d)).toBe(time.format(d));
      expect(weekdayShort(d)).toBe(weekday.format(d));
      expect(dayMonth(d)).toBe(short.format(d));
    }
  });

  it('writes "… ago" as Intl.RelativeTimeFormat does', () => {
    const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });
    for (const unit of ['minute', 'hour', 'day', 'week', 'month'] as AgoUnit[])
      for (const n of [1, 2, 5, 12, 55, 1000, 1500]) expect(ago(n, unit)).toBe(relative.format(-n, unit));
  });
});
