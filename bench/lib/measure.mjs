// Figures the benchmarks share: percentiles, their units, and the server's memory from /proc.
import { readFile } from 'node:fs/promises';
import os from 'node:os';

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : v === Infinity ? 'lost' : '-');
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** The machine's load averages (1, 5 and 15 min), as a run's figures are printed beside. */
export const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The server's resident memory (VmRSS, kB) from /proc. */
export async function rssKb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return m ? Number(m[1]) : NaN;
}
