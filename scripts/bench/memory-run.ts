import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { migratedPostgres, openBenchDatabase } from "./database";
import { seedNotes, servePage, type SealedNote } from "./fixtures";
import { checkInterrupted, cleanups } from "./lifecycle";
import { runLoad, type ScenarioName } from "./load";
import { chooseOtherNode, majorOf, memoryDatabases, type MemoryDatabase, type MemoryRow } from "./memory";
import { acceptGzip, options } from "./options";
import { sampleRss, treeRssMiB } from "./rss";
import { startServer } from "./servers";

// Runs the memory section (memory.ts): for each Node and database, the app on a fresh database,
// measured alone, one after the other.

/**
 * The load whose peak is reported, among the scenarios that need no note but the seeding's: a create
 * the server renders, one sealed end to end (what the page and the CLI send), and a read. Three, so
 * that the section, four servers one after the other each resting 35 s after its page, stays near
 * four minutes.
 */
const loadScenarios: ScenarioName[] = ["create", "e2e-create", "read"];

/** How long the app rests after it first answers before "after start" is read. */
const settleMs = 3000;
/**
 * How long it rests after the page before "after a page" is read: the server collects what a burst
 * left once it has been quiet for 30 s (lib/process/collect-at-rest.ts), checked every 2 s.
 */
const restAfterPageMs = 35_000;

/** The Node 24 that .ci/run caches. */
const cachedNode24 = path.join(os.homedir(), ".cache/notes-ci/node-v24.21.0/bin/node");

function versionOf(node: string): string | null {
  const result = spawnSync(node, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The cached Node 24, then every `node` on PATH, without the one running the bench. */
function candidateNodes(): string[] {
  const running = realpathSync(process.execPath);
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => folder !== "")
    .map((folder) => path.join(folder, "node"));
  const seen = new Set([running]);
  return [cachedNode24, ...onPath].filter((node) => {
    if (!existsSync(node)) return false;
    const real = realpathSync(node);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

async function freshDatabase(kind: MemoryDatabase) {
  if (kind === "embedded") {
    const database = await openBenchDatabase("embedded");
    return { env: database.envFor("app"), remove: database.remove };
  }
  const database = await migratedPostgres();
  return { env: { DATABASE_URL: database.url }, remove: database.remove };
}

/** Runs `steps` with its undo steps on the bench's cleanups, then undoes those it still owns. */
async function withCleanups<T>(steps: (keep: (undo: () => Promise<void>) => void) => Promise<T>): Promise<T> {
  const owned: (() => Promise<void>)[] = [];
  try {
    return await steps((undo) => {
      cleanups.push(undo);
      owned.push(undo);
    });
  } finally {
    for (const undo of owned.reverse()) {
      const at = cleanups.indexOf(undo);
      // Gone when an interruption's cleanup took it first.
      if (at === -1) continue;
      cleanups.splice(at, 1);
      await undo();
    }
  }
}

type NodeBinary = { path: string; version: string };

function measureCell(node: NodeBinary, database: MemoryDatabase, sealed: SealedNote, seconds: number) {
  return withCleanups(async (keep) => {
    const place = await freshDatabase(database);
    keep(place.remove);
    const logName = `memory-${database}-node${majorOf(node.version)}`;
    const server = await startServer("app", place.env, [], logName, node.path);
    keep(server.stop);
    await sleep(settleMs);
    const afterStart = treeRssMiB(server.pid);
    const { notes } = await seedNotes(server.url, { large: null, limited: null }, sealed);
    await servePage(server.url, notes.small);
    await sleep(restAfterPageMs);
    const afterPage = treeRssMiB(server.pid);
    const rss = sampleRss(server.pid);
    for (const name of loadScenarios) {
      const window = { start: () => undefined, end: () => undefined };
      await runLoad(name, server.url, notes, { warmupSeconds: 0, seconds, acceptGzip }, window);
      checkInterrupted();
    }
    return { afterStart, afterPage, peak: rss.stop() };
  });
}

/**
 * The memory section: the app on Postgres and on a fresh embedded folder, under the running Node and
 * the other one (BENCH_OTHER_NODE); each load scenario runs `BENCH_MEMORY_SECONDS` once every
 * connection has had an answer. A Node that is missing, or a server that fails, is reported as not
 * measured rather than ending the bench.
 */
export async function measureMemory(sealed: SealedNote): Promise<MemoryRow[]> {
  const other = chooseOtherNode({
    running: process.version,
    setting: options.BENCH_OTHER_NODE,
    candidates: candidateNodes(),
    versionOf,
  });
  const nodes: (NodeBinary | typeof other)[] = [{ path: process.execPath, version: process.version }, other];
  const rows: MemoryRow[] = [];
  console.log(
    `\nMemory: the app alone on each database under each Node, ${loadScenarios.join(", ")} as its load.`,
  );
  for (const node of nodes) {
    for (const database of memoryDatabases) {
      if ("notMeasured" in node) {
        rows.push({ node: node.label, database, notMeasured: node.notMeasured });
        continue;
      }
      const started = performance.now();
      try {
        const figures = await measureCell(node, database, sealed, options.BENCH_MEMORY_SECONDS);
        const took = (performance.now() - started) / 1000;
        console.log(
          `  memory: the app on ${database} under Node ${node.version} measured in ${took.toFixed(0)} s`,
        );
        rows.push({ node: node.version, database, figures });
      } catch (error) {
        checkInterrupted();
        const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
        rows.push({ node: node.version, database, notMeasured: `failed: ${reason}` });
      }
    }
  }
  return rows;
}
