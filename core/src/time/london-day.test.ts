import { describe, expect, it } from 'vitest';
import { daysBefore, londonDay } from './london-day';

describe('londonDay', () => {
  it('counts days from midnight in London, in winter (GMT) and summer (BST)', () => {
    // 23:30 UTC in January is still the same day in London
    expect(londonDay(Date.UTC(2026, 0, 15, 23, 30))).toBe('2026-01-15');
    // 23:30 UTC in June is 00:30 BST: already the next day in London
    expect(londonDay(Date.UTC(2026, 5, 30, 23, 30))).toBe('2026-07-01');
    expect(londonDay(Date.UTC(2026, 5, 30, 22, 59))).toBe('2026-06-30');
  });

  it('steps back over month, year and clock-change boundaries', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
    expect(daysBefore('2026-03-30', 2)).toBe('2026-03-28');
    expect(daysBefore('2026-03-30', 0)).toBe('2026-03-30');
  });
});
