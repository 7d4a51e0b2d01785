import { mkdirSync, writeFileSync } from "node:fs";
import type { CpuSplit } from "./cpu";
import type { LargeCreateResult } from "./large-create";
import { scenarioTitles, type LoadResult, type ScenarioName } from "./load";

export type Measured = LoadResult & { peakRssMiB: number; cpuCores: CpuSplit };

export type ScenarioResult = {
  name: ScenarioName;
  title: string;
  app: Measured;
  baseline: Measured;
  /** app req/s divided by baseline req/s */
  ratio: number;
  /** the floor (floor-server.ts); null where it does not run (the embedded database) */
  floor: Measured | null;
  /** app req/s divided by floor req/s */
  floorRatio: number | null;
  /** with BENCH_ROUNDS over 1, each round's ratios in run order; the figures above are the median round's */
  rounds?: { ratio: number; floorRatio: number | null }[];
};

type TargetResult = { target: string; measured: string; pass: boolean };

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The goals the service set itself (docs/benchmarks.md); missing one is reported, never fatal. */
export const targets = {
  /** app req/s as a share of the baseline's */
  minRatio: { read: 0.6, create: 0.5, meta: 0.6 } as Partial<Record<ScenarioName, number>>,
  /**
   * app req/s as a share of the floor's, set for Node 24 (issue 33; the end-to-end ones, issue 47);
   * the floor renders as the app does
   */
  minFloorRatio: { read: 0.7, meta: 0.7, create: 0.9, "e2e-create": 0.8, "e2e-read": 0.8 } as Partial<
    Record<ScenarioName, number>
  >,
  maxP99Ms: 50,
  /** the 500 KiB read's p50 over the 1 KiB read's p50 */
  maxLargeReadFactor: 2,
};

/** Speed and latency; memory has a section of its own (memory.ts). */
export function evaluateTargets(results: ScenarioResult[]): TargetResult[] {
  const byName = new Map(results.map((result) => [result.name, result]));
  const verdicts: TargetResult[] = [];
  for (const [name, minimum] of Object.entries(targets.minRatio) as [ScenarioName, number][]) {
    const result = byName.get(name);
    if (!result) continue;
    verdicts.push({
      target: `${name}: app req/s >= ${percent(minimum)} of baseline`,
      measured: percent(result.ratio),
      pass: result.ratio >= minimum,
    });
  }
  for (const [name, minimum] of Object.entries(targets.minFloorRatio) as [ScenarioName, number][]) {
    const ratio = byName.get(name)?.floorRatio;
    if (ratio === undefined || ratio === null) continue;
    verdicts.push({
      target: `${name}: app req/s >= ${percent(minimum)} of floor (set for Node 24)`,
      measured: percent(ratio),
      pass: ratio >= minimum,
    });
  }
  for (const result of results) {
    verdicts.push({
      target: `${result.name}: app p99 < ${targets.maxP99Ms} ms`,
      measured: ms(result.app.p99Ms),
      pass: result.app.p99Ms < targets.maxP99Ms,
    });
  }
  const small = byName.get("read");
  const large = byName.get("read-500k");
  if (small && large) {
    // Under a closed loop, p50 is about connections / throughput, so this also bounds req/s.
    const factor = large.app.p50Ms / small.app.p50Ms;
    verdicts.push({
      target: `read-500k: app p50 <= ${targets.maxLargeReadFactor}x the 1 KiB read's p50`,
      measured: `${factor.toFixed(2)}x (${ms(large.app.p50Ms)} vs ${ms(small.app.p50Ms)})`,
      pass: factor <= targets.maxLargeReadFactor,
    });
  }
  return verdicts;
}

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join("  ");
}

const cores = ({ server, postgres, loadGenerator, other }: CpuSplit) =>
  [server, postgres, loadGenerator, other].map((value) => value.toFixed(2)).join(" ");

/**
 * Microseconds of the server's CPU per answered request. On a machine that others load, the servers
 * get what cores are left and req/s swings with that; the CPU each request costs swings less.
 */
const serverMicrosPerRequest = (m: Measured) =>
  m.requestsPerSecond > 0 ? (m.cpuCores.server * 1e6) / m.requestsPerSecond : 0;

export function formatScenario(result: ScenarioResult): string {
  const widths = [10, 7, 8, 8, 6, 7, 7, 23, 11];
  const line = (label: string, m: Measured) =>
    row(
      [
        label,
        m.requestsPerSecond.toFixed(0),
        m.p50Ms.toFixed(1),
        m.p99Ms.toFixed(1),
        String(m.errors),
        String(m.non2xx),
        m.peakRssMiB.toFixed(0),
        cores(m.cpuCores),
        serverMicrosPerRequest(m).toFixed(0),
      ],
      widths,
    );
  return [
    scenarioTitles[result.name],
    row(
      [
        "",
        "req/s",
        "p50 ms",
        "p99 ms",
        "errors",
        "non-2xx",
        "RSS MiB",
        "cores srv/pg/gen/other",
        "srv µs/req",
      ],
      widths,
    ),
    line("app", result.app),
    line("baseline", result.baseline),
    ...(result.floor ? [line("floor", result.floor)] : []),
    row(["app/base", percent(result.ratio)], widths),
    ...(result.floorRatio === null ? [] : [row(["app/floor", percent(result.floorRatio)], widths)]),
    ...(result.rounds ? [roundsLine(result.rounds)] : []),
  ].join("\n");
}

function roundsLine(rounds: NonNullable<ScenarioResult["rounds"]>): string {
  const list = (ratios: number[]) => ratios.map(percent).join(", ");
  const floors = rounds.flatMap((round) => (round.floorRatio === null ? [] : [round.floorRatio]));
  return (
    `${rounds.length} rounds, interleaved (the median one above): app/base ${list(rounds.map((r) => r.ratio))}` +
    (floors.length > 0 ? `; app/floor ${list(floors)}` : "")
  );
}

export function formatTargets(targets: TargetResult[]): string {
  const width = Math.max(...targets.map((t) => t.target.length));
  const lines = targets.map((t) => `  ${t.pass ? "PASS" : "FAIL"}  ${t.target.padEnd(width)}  ${t.measured}`);
  return ["Targets", ...lines].join("\n");
}

export function formatLargeCreate(kind: string, result: LargeCreateResult): string {
  return (
    `  ${kind.padEnd(8)}  create ${ms(result.createMs)} (status ${result.status}), ` +
    `slowest concurrent meta ${ms(result.worstMetaMs)}, ` +
    `RSS ${result.rssBeforeMiB.toFixed(0)} -> peak ${result.peakRssMiB.toFixed(0)} MiB`
  );
}

/** Writes the whole run to `.bench/latest.json` (git-ignored) and returns the path. */
export function writeJson(report: Record<string, unknown>): string {
  mkdirSync(".bench", { recursive: true });
  const path = ".bench/latest.json";
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
