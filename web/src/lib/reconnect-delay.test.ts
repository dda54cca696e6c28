import { describe, expect, it } from 'vitest';
import { BACKOFF_MS, reconnectDelay } from './reconnect-delay';

describe('reconnect delay', () => {
  it('backs off step by step to 15 s, and stays there', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(top)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('takes a random part of up to half of each step, so dropped tabs do not all return at once', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
    for (let attempt = 0; attempt < BACKOFF_MS.length; attempt++) {
      const step = BACKOFF_MS[attempt]!;
      const delays = Array.from({ length: 50 }, () => reconnectDelay(attempt));
      for (const d of delays) {
        expect(d).toBeGreaterThanOrEqual(step / 2);
        expect(d).toBeLessThanOrEqual(step);
      }
      expect(new Set(delays).size).toBeGreaterThan(1);
    }
  });
});
