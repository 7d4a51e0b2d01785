// The memory section of `npm run bench` (issue 47): the app as `npm start` runs it, on each
// database under each Node, its RSS (children included) after start, after the seeding creates and a
// page, and at its peak under a short load, each checked against the limits below. This file holds
// the parts that decide and print; memory-run.ts starts the servers.

export const memoryDatabases = ["postgres", "embedded"] as const;
export type MemoryDatabase = (typeof memoryDatabases)[number];

export const memoryMoments = ["afterStart", "afterPage", "peak"] as const;
type MemoryMoment = (typeof memoryMoments)[number];

const momentTitles: Record<MemoryMoment, string> = {
  afterStart: "after start",
  afterPage: "after a page",
  peak: "peak under load",
};

/**
 * Issue 47's limits in MiB. At rest (after start, after a page) by database and Node major version:
 * a Node not listed has no limit there (the embedded database is held to its limit on Node 24, the
 * recommended one). The peak's limit holds everywhere.
 */
export const memoryLimitsMiB = {
  atRest: { postgres: { 20: 200, 24: 200 }, embedded: { 24: 300 } } as Record<
    MemoryDatabase,
    Partial<Record<number, number>>
  >,
  peak: 400,
};

/** The major version of a `process.version`-style string ("v24.21.0" -> 24); NaN if it is none. */
export const majorOf = (version: string) => Number(/^v(\d+)\./.exec(version)?.[1] ?? Number.NaN);

export function memoryLimit(
  database: MemoryDatabase,
  moment: MemoryMoment,
  nodeVersion: string,
): number | null {
  if (moment === "peak") return memoryLimitsMiB.peak;
  return memoryLimitsMiB.atRest[database][majorOf(nodeVersion)] ?? null;
}

export type MemoryFigures = Record<MemoryMoment, number>;

/** One Node and database: its figures in MiB, or why there are none. */
export type MemoryRow = { node: string; database: MemoryDatabase } & (
  { figures: MemoryFigures } | { notMeasured: string }
);

type CheckedFigure = { mib: number; limitMiB: number | null; pass: boolean | null };

/** A row as the JSON report holds it: each figure with its limit and verdict (null: no limit). */
export type CheckedRow = { node: string; database: MemoryDatabase } & (
  Record<MemoryMoment, CheckedFigure> | { notMeasured: string }
);

export function checkRow(row: MemoryRow): CheckedRow {
  const { node, database } = row;
  if ("notMeasured" in row) return { node, database, notMeasured: row.notMeasured };
  const check = (moment: MemoryMoment): CheckedFigure => {
    const mib = Math.round(row.figures[moment]);
    const limitMiB = memoryLimit(database, moment, node);
    return { mib, limitMiB, pass: limitMiB === null ? null : mib <= limitMiB };
  };
  return {
    node,
    database,
    afterStart: check("afterStart"),
    afterPage: check("afterPage"),
    peak: check("peak"),
  };
}

const cellText = ({ mib, limitMiB, pass }: CheckedFigure) =>
  limitMiB === null ? `${mib} (no limit)` : `${mib} ${pass ? "pass" : "FAIL"} ≤${limitMiB}`;

/** The section as one table: a line per Node and database, each figure with its verdict. */
export function formatMemory(rows: CheckedRow[]): string {
  const widths = [9, 9, 18, 18, 18];
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const body = rows.map((row) =>
    "notMeasured" in row
      ? line([row.node, row.database, `not measured: ${row.notMeasured}`])
      : line([row.node, row.database, ...memoryMoments.map((moment) => cellText(row[moment]))]),
  );
  return [
    "Memory of the app (RSS MiB with its children; limits of issue 47)",
    line(["Node", "database", ...memoryMoments.map((moment) => momentTitles[moment])]),
    ...body,
  ].join("\n");
}

/** The Node to measure beside the running one: its path and version, or why there is none. */
export type OtherNode = { path: string; version: string } | { label: string; notMeasured: string };

/**
 * Chooses the other of Node 20 and 24. `setting` (BENCH_OTHER_NODE) is a node binary, or "none";
 * without it, the first of `candidates` whose version is the other major one. `versionOf` answers a
 * binary's `--version`, or null when it does not run.
 */
export function chooseOtherNode(options: {
  running: string;
  setting: string | undefined;
  candidates: string[];
  versionOf: (path: string) => string | null;
}): OtherNode {
  const { running, setting, candidates, versionOf } = options;
  const wanted = majorOf(running) === 24 ? 20 : 24;
  const label = `Node ${wanted}`;
  if (setting === "none") return { label, notMeasured: "BENCH_OTHER_NODE=none" };
  if (setting) {
    const version = versionOf(setting);
    if (version === null) return { label, notMeasured: `BENCH_OTHER_NODE=${setting} does not run` };
    if (majorOf(version) === majorOf(running)) {
      return { label, notMeasured: `BENCH_OTHER_NODE=${setting} is ${version}, the Node the bench runs on` };
    }
    return { path: setting, version };
  }
  for (const path of candidates) {
    const version = versionOf(path);
    if (version !== null && majorOf(version) === wanted) return { path, version };
  }
  return { label, notMeasured: `no Node ${wanted} at ${candidates.join(", ")}; set BENCH_OTHER_NODE` };
}
