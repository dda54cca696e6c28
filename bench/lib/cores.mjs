// Where the discovery bench's processes run: the server on one core, PostgreSQL on the other, as
// they would on hosts of their own (the load generator is left to the scheduler).
//
// Left to itself on this 2-core machine, Linux puts a backend woken by the server's query on the
// server's own core (a Unix socket's wake-up tells it the writer is about to sleep; Node is not), so
// the two take turns on one core while the other idles: at 100 000 members Who's Near served 843
// requests a second with 20 % of the machine idle and 1.9 ms of CPU a request, and 1 282 with the
// two apart (1.4 ms: fewer switches between them).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Every postgres process on this machine: the postmaster (whose new backends inherit its cores) and all it started. */
function postgresPids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The cores of this layout: the first for the server, the rest for PostgreSQL. */
export const SERVER_CPUS = '0';
export const DATABASE_CPUS = () => `1-${os.cpus().length - 1}`;
const ALL_CPUS = () => `0-${os.cpus().length - 1}`;

/** A server (and its workers) on the server's core. */
export function pinServer(pid) {
  for (const p of tree(pid)) pin(p, SERVER_CPUS);
}

/** PostgreSQL on the other cores; `release` gives it every core again. */
export function pinDatabase() {
  for (const pid of postgresPids()) pin(pid, DATABASE_CPUS());
}
export function releaseDatabase() {
  for (const pid of postgresPids()) pin(pid, ALL_CPUS());
}
