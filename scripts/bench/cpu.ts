import { readdirSync, readFileSync } from "node:fs";
import { descendantsOf } from "./rss";

// Who used the CPUs during a run, in cores (CPU-seconds per second): the server under test,
// Postgres (the benchmark database's backends and the shared background processes), the load
// generator (this process) and everything else. On a 2-core machine this tells a saturated event
// loop (server near 1.0) from a starved one (other well above 0).

export type CpuSplit = { server: number; postgres: number; loadGenerator: number; other: number };

type Snapshot = {
  at: number;
  server: number;
  postgres: Map<number, number>;
  loadGenerator: number;
  busy: number;
};

// Linux reports both /proc/stat and /proc/<pid>/stat in USER_HZ, which is 100 on every mainstream
// architecture.
const ticksPerSecond = 100;

function read(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** [command name, utime + stime in ticks] of one process. */
function processTicks(pid: number): [string, number] {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  // utime and stime are fields 14 and 15 of stat, 12th and 13th after the command name.
  return [command, Number(fields[11] ?? 0) + Number(fields[12] ?? 0)];
}

function busyTicks(): number {
  const line = read("/proc/stat").split("\n")[0] ?? "";
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

// Backends name their client in their title ("... notes_bench_x 127.0.0.1(40112) idle"); those of
// other databases belong to whoever else uses this Postgres.
function isOurs(pid: number, databaseName: string): boolean {
  const title = read(`/proc/${pid}/cmdline`).replaceAll("\0", " ");
  const isBackend = /\(\d+\)|\[local\]/.test(title);
  return !isBackend || title.includes(` ${databaseName} `);
}

function snapshot(serverPid: number, databaseName: string): Snapshot {
  const postgres = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const [command, ticks] = processTicks(pid);
    if (command === "postgres" && isOurs(pid, databaseName)) postgres.set(pid, ticks);
  }
  const server = descendantsOf(serverPid).reduce((sum, pid) => sum + processTicks(pid)[1], 0);
  const loadGenerator = processTicks(process.pid)[1];
  return { at: performance.now(), server, postgres, loadGenerator, busy: busyTicks() };
}

/** Starts measuring; `stop()` returns the average cores each party used since. */
export function measureCpu(serverPid: number, databaseName: string) {
  const start = snapshot(serverPid, databaseName);
  return {
    stop(): CpuSplit {
      const end = snapshot(serverPid, databaseName);
      // Per process, so backends that come or go during the run neither vanish nor go negative.
      let postgresTicks = 0;
      for (const [pid, ticks] of end.postgres) postgresTicks += ticks - (start.postgres.get(pid) ?? 0);
      const seconds = (end.at - start.at) / 1000;
      const cores = (ticks: number) => ticks / ticksPerSecond / seconds;
      const server = cores(end.server - start.server);
      const postgres = cores(postgresTicks);
      const loadGenerator = cores(end.loadGenerator - start.loadGenerator);
      const other = Math.max(0, cores(end.busy - start.busy) - server - postgres - loadGenerator);
      return { server, postgres, loadGenerator, other };
    },
  };
}
