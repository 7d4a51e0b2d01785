import { describe, expect, it } from "vitest";
import { checkRow, chooseOtherNode, formatMemory, majorOf, memoryLimit, type MemoryRow } from "./memory";

const versions: Record<string, string> = {
  "/cache/node24": "v24.21.0",
  "/usr/bin/node": "v20.20.2",
  "/opt/node22": "v22.1.0",
};
const versionOf = (path: string) => versions[path] ?? null;

describe("chooseOtherNode", () => {
  it("takes the cached Node 24 when the bench runs on Node 20", () => {
    const other = chooseOtherNode({
      running: "v20.20.2",
      setting: undefined,
      candidates: ["/cache/node24", "/usr/bin/node"],
      versionOf,
    });
    expect(other).toEqual({ path: "/cache/node24", version: "v24.21.0" });
  });

  it("takes the first Node 20 among the candidates when the bench runs on Node 24", () => {
    const other = chooseOtherNode({
      running: "v24.21.0",
      setting: undefined,
      candidates: ["/opt/node22", "/usr/bin/node"],
      versionOf,
    });
    expect(other).toEqual({ path: "/usr/bin/node", version: "v20.20.2" });
  });

  it("says why when no candidate is the other Node", () => {
    const other = chooseOtherNode({
      running: "v20.20.2",
      setting: undefined,
      candidates: ["/missing/node", "/opt/node22"],
      versionOf,
    });
    expect(other).toEqual({
      label: "Node 24",
      notMeasured: "no Node 24 at /missing/node, /opt/node22; set BENCH_OTHER_NODE",
    });
  });

  it("follows BENCH_OTHER_NODE over the candidates, whatever its version but the running one", () => {
    const chosen = (setting: string) =>
      chooseOtherNode({ running: "v20.20.2", setting, candidates: ["/cache/node24"], versionOf });
    expect(chosen("/opt/node22")).toEqual({ path: "/opt/node22", version: "v22.1.0" });
    expect(chosen("none")).toEqual({ label: "Node 24", notMeasured: "BENCH_OTHER_NODE=none" });
    expect(chosen("/missing/node")).toEqual({
      label: "Node 24",
      notMeasured: "BENCH_OTHER_NODE=/missing/node does not run",
    });
    expect(chosen("/usr/bin/node")).toEqual({
      label: "Node 24",
      notMeasured: "BENCH_OTHER_NODE=/usr/bin/node is v20.20.2, the Node the bench runs on",
    });
  });
});

describe("memory limits", () => {
  it("holds Postgres to 200 MiB at rest on both Nodes, the embedded database to 300 on Node 24 only", () => {
    expect(majorOf("v24.21.0")).toBe(24);
    expect(memoryLimit("postgres", "afterStart", "v20.20.2")).toBe(200);
    expect(memoryLimit("postgres", "afterPage", "v24.21.0")).toBe(200);
    expect(memoryLimit("embedded", "afterStart", "v24.21.0")).toBe(300);
    expect(memoryLimit("embedded", "afterPage", "v20.20.2")).toBeNull();
    expect(memoryLimit("embedded", "peak", "v20.20.2")).toBe(400);
    expect(memoryLimit("postgres", "afterStart", "v22.1.0")).toBeNull();
  });

  it("checks each figure against its limit, rounded to whole MiB, a limit itself passing", () => {
    const row: MemoryRow = {
      node: "v24.21.0",
      database: "embedded",
      figures: { afterStart: 300.4, afterPage: 300.6, peak: 399.9 },
    };
    expect(checkRow(row)).toEqual({
      node: "v24.21.0",
      database: "embedded",
      afterStart: { mib: 300, limitMiB: 300, pass: true },
      afterPage: { mib: 301, limitMiB: 300, pass: false },
      peak: { mib: 400, limitMiB: 400, pass: true },
    });
    const notMeasured: MemoryRow = {
      node: "Node 24",
      database: "postgres",
      notMeasured: "BENCH_OTHER_NODE=none",
    };
    expect(checkRow(notMeasured)).toEqual(notMeasured);
  });
});

describe("formatMemory", () => {
  it("prints one line per Node and database with each figure's verdict", () => {
    const rows: MemoryRow[] = [
      { node: "v20.20.2", database: "postgres", figures: { afterStart: 213, afterPage: 246, peak: 357 } },
      { node: "v20.20.2", database: "embedded", figures: { afterStart: 351, afterPage: 619, peak: 663 } },
      { node: "Node 24", database: "postgres", notMeasured: "BENCH_OTHER_NODE=none" },
    ];
    expect(formatMemory(rows.map(checkRow)).split("\n")).toEqual([
      "Memory of the app (RSS MiB with its children; limits of issue 47)",
      "Node       database          after start        after a page     peak under load",
      "v20.20.2   postgres        213 FAIL ≤200       246 FAIL ≤200       357 pass ≤400",
      "v20.20.2   embedded       351 (no limit)      619 (no limit)       663 FAIL ≤400",
      "Node 24    postgres   not measured: BENCH_OTHER_NODE=none",
    ]);
  });
});
