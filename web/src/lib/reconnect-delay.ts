/** Reconnect delays: quick at first, then backing off to at most 15 s. */
export const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15_000] as const;

/**
 * How long to wait before reconnect attempt number `attempt` (0 first): the backoff step, less a
 * random part of up to half of it, so that the tabs a server restart dropped all at once do not all
 * come back at the same instant ("equal jitter").
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = BACKOFF_MS[Math.min(Math.max(0, attempt), BACKOFF_MS.length - 1)]!;
  return Math.round(step / 2 + (step / 2) * random());
}
