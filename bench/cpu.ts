import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

// Where the machine's CPU went during a measurement (issue #22: the servers, PostgreSQL and the load generator
// share two cores, so a throughput figure is read with its CPU split). From /proc: utime + stime of each process.

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux.

function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // the process has exited
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
  const pgBefore = new Map<number, number>();
  for (const pid of [...Object.values(named), process.pid]) before.set(pid, cpuMs(pid));
  for (const pid of postgresPids()) pgBefore.set(pid, cpuMs(pid));
  return () => {
    const capacity = (Date.now() - started) * os.cpus().length;
    const share = (ms: number) => Math.round((ms / capacity) * 1000) / 10;
    const split: CpuSplit = {};
    for (const [name, pid] of Object.entries(named)) split[name] = share(cpuMs(pid) - before.get(pid)!);
    split['load generator'] = share(cpuMs(process.pid) - before.get(process.pid)!);
    let pgMs = 0;
    for (const pid of postgresPids()) pgMs += cpuMs(pid) - (pgBefore.get(pid) ?? 0);
    split.postgresql = share(pgMs);
    return split;
  };
}
