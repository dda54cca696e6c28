// Where the discovery bench's processes run: the server on one core, PostgreSQL on the other, as
// they would on hosts of their own (the load generator is left to the scheduler).
//
// Left to itself on this 2-core machine, Linux puts a backend woken by the server's query on the
// server's own core (a Unix socket's wake-up tells it the writer is about to sleep; Node is not), so
// the two take turns on one core while the other idles: at 100 000 members Who's Near served 843
// requests a second with 20 % of the machine idle and 1.9 ms of CPU a request, and 1 282 with the
// two apart (1.4 ms: fewer switches between them).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Whether the cores can be shared out here: taskset present and at least two cores. */
export function canPin() {
  return os.cpus().length >= 2 && spawnSync('taskset', ['--version']).status === 0;
}

/** Every thread of `pid` on `cpus` (a taskset list, e.g. '0' or '1-3'). */
function pin(pid, cpus) {
  spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], { stdio: 'ignore' });
}

/** The process `pid` and its descendants (a server's cluster workers). */
function tree(pid) {
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    /* gone */
  }
  return [
    pid,
    ...children
      .split(' ')
      .filter(Boolean)
      .flatMap((child) => tree(Number(child))),
  ];
}

/** A process's parent, from /proc (0 when it is gone). */
function parentOf(pid) {
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The cores a process may run on, as taskset prints them (a hex mask), or null when it is gone. */
function maskOf(pid) {
  const out = spawnSync('taskset', ['--pid', String(pid)], { encoding: 'utf8' });
  return out.status === 0 ? (/mask: ([0-9a-f]+)/.exec(out.stdout)?.[1] ?? null) : null;
}

/** The cores of this layout: the first for the server, the rest for PostgreSQL. */
export const SERVER_CPUS = '0';
export const DATABASE_CPUS = () => `1-${os.cpus().length - 1}`;

/** A server (and its workers) on the server's core. */
export function pinServer(pid) {
  for (const p of tree(pid)) pin(p, SERVER_CPUS);
}

/**
 * The PostgreSQL server that `backendPid` (a connection's pg_backend_pid()) belongs to, on the other
 * cores: its postmaster (whose new backends inherit its cores) and every process it started, and
 * none other on the machine. Returns the release, which gives each the cores it had (a backend
 * started since, the postmaster's); it is also run if the bench exits without it.
 */
export function pinDatabase(backendPid) {
  const postmaster = parentOf(backendPid);
  if (!postmaster) throw new Error(`no PostgreSQL server above backend ${backendPid}`);
  const had = new Map(tree(postmaster).map((pid) => [pid, maskOf(pid)]));
  const original = had.get(postmaster);
  for (const pid of had.keys()) pin(pid, DATABASE_CPUS());
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    for (const pid of tree(postmaster)) {
      const mask = had.get(pid) ?? original;
      if (mask) spawnSync('taskset', ['--all-tasks', '--pid', mask, String(pid)], { stdio: 'ignore' });
    }
  };
  process.once('exit', release);
  return release;
}
