// `npm run bench`: load-tests the production build against two bare node:http servers, on a
// throw-away database (database.ts), and reports throughput, latency, memory and the targets in
// docs/benchmarks.md. The baseline (baseline-server.ts) calls the app's own domain functions, so
// app/baseline is what Next.js and the front door cost; the floor (floor-server.ts) does the same
// duties with plain pg and no domain code, so app/floor is how far the app is from what node and
// Postgres allow. Missed targets are reported, not fatal: the exit code says only whether the
// benchmark itself worked.
//
//   BENCH_SECONDS=10     measured seconds per scenario and server (after the warm-up, see load.ts)
//   BENCH_ROUNDS=1       each scenario this many times (up to 31) on app, baseline and floor in turn;
//                        the median round is reported, with every round's ratios. Only the first
//                        round warms up (measure.ts), so many short rounds (BENCH_SECONDS=2
//                        BENCH_ROUNDS=15) compare the servers seconds apart: on a machine whose speed
//                        drifts, one long round's ratio swung by half (docs/benchmarks.md)
//   BENCH_WARMUP_SECONDS=15   least warm-up per scenario and server in its first round (load.ts): V8
//                        optimises the app's hot paths for about 15 s of load, the floor's in a few
//   BENCH_CPU_PROF=1     run the servers with --cpu-prof; profiles land in .bench/profiles, and
//                        `tsx scripts/bench/profile-summary.ts <file>` sums them up by package
//   BENCH_SCENARIOS=read,meta      a subset of create, read, meta, read-500k, read-hot, e2e-create,
//                        e2e-read
//   BENCH_GZIP=1         send Accept-Encoding: gzip, as browsers and fetch() do
//   BENCH_APP_PAGE=0     measure the app before it has served any web page (see servePage)
//   BENCH_DATABASE=embedded   on embedded PGlite, as `npm start` without DATABASE_URL (database.ts);
//                        then without the floor and read-hot
//   BENCH_FLOOR_RENDER=thread the floor renders on its request thread rather than the render pool
//   BENCH_FILES=1        then the files scenario (files.ts: a 1 GiB file up and down, e2e and
//                        server-sealed; a few minutes more), or BENCH_FILES=only: that one alone
//   BENCH_FILE_STORAGE=s3     its chunks in s3rver rather than Postgres; BENCH_FILE_MIB=1024 its size
//   BENCH_MEMORY_SECONDS=2    the memory section (memory.ts): the app alone on each database under
//                        each Node, each of its load scenarios measured this long; 0 skips it
//   BENCH_OTHER_NODE=/path/to/node   the Node it measures beside the running one (default: the other
//                        of 20 and 24, .ci/run's cached Node 24 first, then PATH); none: only this one
// Configuration is read and checked as every other command does it, before anything starts.
import "../../lib/env";
import { mkdirSync } from "node:fs";
import os from "node:os";
import { openBenchDatabase } from "./database";
import { measureFiles } from "./files";
import { compareSamples, sealSmallNote, seedNotes, servePage } from "./fixtures";
import { probeLargeCreate } from "./large-create";
import { checkInterrupted, cleanups, runToEnd } from "./lifecycle";
import { connections } from "./load";
import { measureRounds } from "./measure";
import { checkRow, formatMemory } from "./memory";
import { measureMemory } from "./memory-run";
import { acceptGzip, filesOptions, nodeArgs, options, profiling, seconds, warmupSeconds } from "./options";
import { evaluateTargets, formatLargeCreate, formatScenario, formatTargets, writeJson } from "./report";
import type { Measured, ScenarioResult } from "./report";
import { treeRssMiB } from "./rss";
import { ensureBuild, startServer, type RunningServer, type ServerKind } from "./servers";

const peakOf = (measured: (Measured | null)[]) => Math.max(0, ...measured.map((one) => one?.peakRssMiB ?? 0));

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg();
  mkdirSync(".bench", { recursive: true });
  await ensureBuild();
  checkInterrupted();

  const database = await openBenchDatabase(options.BENCH_DATABASE);
  cleanups.push(database.remove);
  const databaseName = database.name;
  checkInterrupted();
  if (options.BENCH_FILES === "only") {
    const files = await measureFiles(filesOptions(), database, cleanups);
    console.log(`\nResults written to ${writeJson({ generatedAt: new Date().toISOString(), files })}.`);
    return;
  }

  const start = async (kind: ServerKind) => {
    const server = await startServer(kind, database.envFor(kind), nodeArgs);
    cleanups.push(server.stop);
    checkInterrupted();
    return server;
  };
  const app = await start("app");
  const baseline = await start("baseline");
  const floor = database.floor ? await start("floor") : null;
  const servers = [app, baseline, floor].filter((server): server is RunningServer => server !== null);

  const idleRssMiB = Object.fromEntries(servers.map((server) => [server.kind, treeRssMiB(server.pid)]));
  const sealed = await sealSmallNote();
  const seed = async (server: RunningServer) =>
    seedNotes(server.url, await database.storedNotes(server.url), sealed);
  const appSeed = await seed(app);
  const baselineSeed = await seed(baseline);
  const floorSeed = floor && (await seed(floor));
  if (options.BENCH_APP_PAGE === "1") await servePage(app.url, appSeed.notes.small);
  const differences = compareSamples(appSeed.sample, baselineSeed.sample);
  const floorDifferences = floorSeed && compareSamples(appSeed.sample, floorSeed.sample);
  const compared = { baseline: differences, ...(floorDifferences && { floor: floorDifferences }) };
  for (const [kind, found] of Object.entries(compared)) {
    console.log(
      found.length === 0
        ? `The ${kind} answers as the app does (same fields, same values but ids and times).`
        : `Warning: the ${kind}'s answers differ from the app's in ${found.join(", ")}.`,
    );
  }
  console.log(
    `Database: ${database.version}; ${connections} connections; warm-up of ${warmupSeconds} s or until every ` +
      `connection has had an answer, then ${seconds} s measured per scenario and server` +
      `${options.BENCH_APP_PAGE === "1" ? "" : "; no web page opened on the app"}` +
      `${floor ? `; the floor renders ${options.BENCH_FLOOR_RENDER === "worker" ? "in the render pool" : "on its request thread"}` : "; no floor"}` +
      `${acceptGzip ? "; Accept-Encoding: gzip" : ""}; ${os.cpus().length} CPUs ` +
      "shared by load generator, servers and Postgres.",
  );
  // Anything else running skews every server's numbers, and not by the same amount.
  const [load] = loadAverageAtStart;
  if (load !== undefined && load > 0.5) {
    console.log(`Warning: the 1-minute load average is ${load.toFixed(2)}; the machine is not idle.`);
  }

  const results: ScenarioResult[] = [];
  for (const name of options.BENCH_SCENARIOS) {
    if (name === "read-hot" && appSeed.notes.limited === null) {
      console.log("  read-hot  skipped: its note is stored on Postgres only (BENCH_DATABASE=embedded).");
      continue;
    }
    const contenders = {
      app: { server: app, notes: appSeed.notes },
      baseline: { server: baseline, notes: baselineSeed.notes },
      floor: floor && floorSeed && { server: floor, notes: floorSeed.notes },
    };
    results.push(await measureRounds(name, contenders, databaseName));
  }

  // Last, because it grows the heap: one 500 KiB create per server, alone. Skipped when profiling,
  // where its seconds of rendering would swamp the scenarios' profiles. Not on the floor: it is a
  // check of the app's event loop under a long render, not a comparison.
  const largeCreate = profiling
    ? null
    : {
        app: await probeLargeCreate(app, appSeed.notes.small),
        baseline: await probeLargeCreate(baseline, baselineSeed.notes.small),
      };
  checkInterrupted();

  const peakRssMiB = {
    app: peakOf(results.map((result) => result.app)),
    baseline: peakOf(results.map((result) => result.baseline)),
    ...(floor && { floor: peakOf(results.map((result) => result.floor)) }),
  };
  const targets = evaluateTargets(results);
  console.log(`\n${results.map(formatScenario).join("\n\n")}\n`);
  const mib = (byKind: Record<string, number>) =>
    Object.entries(byKind)
      .map(([kind, value]) => `${kind} ${value.toFixed(0)} MiB`)
      .join(", ");
  console.log(`RSS idle after start: ${mib(idleRssMiB)}; peak under load: ${mib(peakRssMiB)}\n`);
  if (largeCreate) {
    console.log("One 500 KiB create on an idle server (not a target):");
    console.log(
      `${formatLargeCreate("app", largeCreate.app)}\n${formatLargeCreate("baseline", largeCreate.baseline)}\n`,
    );
  }
  console.log(formatTargets(targets));
  // On a server of its own, once the others are stopped (an embedded database has one owner).
  await Promise.all(servers.map((server) => server.stop()));
  const memoryStarted = performance.now();
  const memory = options.BENCH_MEMORY_SECONDS > 0 ? (await measureMemory(sealed)).map(checkRow) : null;
  const memorySeconds = Math.round((performance.now() - memoryStarted) / 1000);
  if (memory) console.log(`\n${formatMemory(memory)}\n(the memory section took ${memorySeconds} s)`);
  const files = options.BENCH_FILES === "1" ? await measureFiles(filesOptions(), database, cleanups) : null;

  const path = writeJson({
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryMiB: Math.round(os.totalmem() / 2 ** 20),
      kernel: os.release(),
      node: process.version,
      database: database.version,
    },
    config: {
      seconds,
      warmupSeconds,
      connections,
      cpuProfile: profiling,
      acceptGzip,
      floorRender: floor ? options.BENCH_FLOOR_RENDER : null,
      loadAverageAtStart,
      memorySeconds: options.BENCH_MEMORY_SECONDS,
      otherNode: options.BENCH_OTHER_NODE ?? null,
    },
    baselineDifferences: differences,
    floorDifferences,
    scenarios: results,
    idleRssMiB,
    peakRssMiB,
    memory,
    largeCreate,
    targets,
    files,
  });
  const logs = servers.map((server) => server.logFile).join(", ");
  console.log(`\nResults written to ${path}; server logs in ${logs}.`);
}

runToEnd(main);
