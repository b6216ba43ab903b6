import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

// Where the machine's CPU went during a measurement (issue #22: the servers, PostgreSQL and the load generator
// share two cores, so a throughput figure is read with its CPU split). From /proc: utime + stime of each process.

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux.

/** A process's CPU time; with `reaped`, also that of its children that have exited (cutime + cstime). */
function cpuMs(pid: number, reaped = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return 0; // the process has exited
  }
}

/**
 * PostgreSQL's CPU time so far: every live process's, plus what the postmaster's exited children used (a pool
 * closes idle connections, and a backend that ended during a measurement would otherwise take its time along).
 */
function postgresMs(): number {
  const pids = postgresPids();
  const postmaster = pids.find((pid) => !pids.includes(parentOf(pid)));
  return pids.reduce((sum, pid) => sum + cpuMs(pid, pid === postmaster), 0);
}

function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Every PostgreSQL backend and helper process on this machine (the bench's database is the local one). */
function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export type CpuSplit = Record<string, number>;

/**
 * Starts counting CPU time for the named processes (and PostgreSQL's, and this process: the load generator);
 * the returned function gives each one's share of the machine's total CPU capacity over the interval, in %.
 */
export function cpuSplit(named: Record<string, number>): () => CpuSplit {
  const started = Date.now();
  const before = new Map<number, number>();
  for (const pid of [...Object.values(named), process.pid]) before.set(pid, cpuMs(pid));
  const pgBefore = postgresMs();
  return () => {
    const capacity = (Date.now() - started) * os.cpus().length;
    const share = (ms: number) => Math.round((ms / capacity) * 1000) / 10;
    const split: CpuSplit = {};
    for (const [name, pid] of Object.entries(named)) split[name] = share(cpuMs(pid) - before.get(pid)!);
    split['load generator'] = share(cpuMs(process.pid) - before.get(process.pid)!);
    split.postgresql = share(postgresMs() - pgBefore);
    return split;
  };
}
