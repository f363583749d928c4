/**
 * Rough CPU accounting on Linux, to see where time goes under load: a process's own CPU time, the
 * PostgreSQL cluster's (postmaster and every child), and the whole machine's (/proc/stat).
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process, in ms; 0 when it is gone or unreadable. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces: fields count from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/**
 * CPU ms of a PostgreSQL cluster so far: its postmaster (found from one backend) and every child
 * (backends, WAL writer, checkpointer…), looked up at each call since the pool opens connections
 * lazily. Backends that exited in between are missed: a pool keeps its connections.
 */
export function clusterCpu(backendPid: number): () => number {
  const postmaster = parentOf(backendPid);
  return postmaster === undefined ? () => 0 : treeCpu(postmaster);
}

/**
 * CPU ms so far of a process and its direct children (a PostgreSQL postmaster and its backends, an
 * nginx master and its workers), the children looked up at each call.
 */
export function treeCpu(root: number): () => number {
  const seen = new Map<number, number>();
  return () => {
    const pids = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => pid === root || parentOf(pid) === root);
    // A process that has gone keeps its last reading, so totals never go down.
    for (const pid of pids) seen.set(pid, processCpuMs(pid) || (seen.get(pid) ?? 0));
    return [...seen.values()].reduce((sum, ms) => sum + ms, 0);
  };
}

/** Busy and total CPU time of the machine so far, in ms summed over all cores. */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = values[3]! + values[4]!; // idle + iowait
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return { busy: 0, total: 0 };
  }
}
