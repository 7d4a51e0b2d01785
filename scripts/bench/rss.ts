import { readdirSync, readFileSync } from "node:fs";

// Resident memory as the kernel counts it (VmRSS), summed over a server and any processes it
// forks, so a server that moves its work into a child cannot hide it.

function readOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // the process exited between listing and reading
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    // Fields after the parenthesised command name: state, then ppid.
    const stat = readOr(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid === pid) children.push(Number(entry));
  }
  return children;
}

function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readOr(`/proc/${pid}/status`));
  return match ? Number(match[1]) : 0;
}

/** The process and every process it started, directly or not. */
export function descendantsOf(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...childrenOf(pids[i] ?? 0));
  return pids;
}

export function treeRssMiB(pid: number): number {
  return descendantsOf(pid).reduce((sum, each) => sum + rssKiB(each), 0) / 1024;
}

/** Samples a process tree's RSS every `intervalMs` until stopped; reports the peak in MiB. */
export function sampleRss(pid: number, intervalMs = 250) {
  let peak = treeRssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(pid))), intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(peak, treeRssMiB(pid));
    },
  };
}
