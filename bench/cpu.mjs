// CPU time spent per request by each side, read from /proc: the server process, the PostgreSQL
// server's processes, and this bench. On a shared 2-core machine the latency of a closed loop is
// mostly waiting for a core; CPU per request is what a change to the server moves, whatever else runs.
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

/**
 * utime + stime of one process (all its threads), in ms; comm alongside; `reaped`: the same of its
 * children that have exited and been waited for (cutime + cstime).
 */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is the state (field 3); utime, stime, cutime and cstime are fields 14 to 17
    return { comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, reaped: (Number(fields[13]) + Number(fields[14])) * TICK_MS };
  } catch {
    return { comm: '', ms: 0, reaped: 0 };
  }
}

/** PostgreSQL's own processes, by the title each sets (`postgres: 15/main: checkpointer`), not a connection's backend. */
const BACKGROUND =
  /: (?:checkpointer|background writer|walwriter|autovacuum (?:launcher|worker)|logical replication launcher|archiver|stats collector)\b/;

/** A process's title (its argv as it rewrote it), or '' when it is gone. */
function titleOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Every postgres process on this machine (the server's backends, checkpointer, WAL writer...), with
 * the backends that have exited: a pool closes an idle connection, and its backend's CPU moves to
 * the postmaster's reaped children (without them, a run during which connections closed showed less
 * than nothing). `background`: the part of it PostgreSQL's own processes spent (the checkpointer and
 * the writers, flushing what earlier updates dirtied, and the postmaster), not a connection's work.
 */
function postgresCpu() {
  let total = 0;
  let background = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const { comm, ms, reaped } = processCpu(name);
    if (comm !== 'postgres') continue;
    total += ms + reaped;
    const title = titleOf(name);
    // the postmaster's title is its command line; a backend's names its user and database
    if (BACKGROUND.test(title) || !title.startsWith('postgres:')) background += ms;
  }
  return { total, background };
}

/** A process and its descendants (the server's cluster workers, with WORKERS > 1). */
function treeCpu(pid) {
  let total = processCpu(pid).ms;
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    /* gone */
  }
  for (const child of children.split(' ').filter(Boolean)) total += treeCpu(child);
  return total;
}

/** Busy CPU of the whole machine (every core, every process and the kernel's own work), in ms. */
function machineCpu() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait is work
  const busy = ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0);
  return busy * TICK_MS;
}

export function cpuSnapshot(serverPid) {
  const own = process.cpuUsage();
  const db = postgresCpu();
  return {
    server: serverPid ? treeCpu(serverPid) : 0,
    db: db.total,
    dbBackground: db.background,
    client: (own.user + own.system) / 1000,
    machine: machineCpu(),
  };
}

/** ms of CPU per request since `before`, for `requests` requests. */
export function cpuPerRequest(before, serverPid, requests) {
  const after = cpuSnapshot(serverPid);
  const per = (k) => (requests > 0 ? (after[k] - before[k]) / requests : NaN);
  // machine: everything the cores did, so what no column names (the kernel's network work, another
  // process on a shared machine) shows as machine − server − db − client
  return { server: per('server'), db: per('db'), dbBackground: per('dbBackground'), client: per('client'), machine: per('machine') };
}
