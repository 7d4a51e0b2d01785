// `npm run bench`: load-tests the production build against a bare node:http baseline that calls the
// same domain functions (baseline-server.ts), on a throw-away database (database.ts), and reports
// throughput, latency, memory and the targets in docs/benchmarks.md. Missed targets are reported,
// not fatal: the exit code says only whether the benchmark itself worked.
//
//   BENCH_SECONDS=10     measured seconds per scenario and server (after the warm-up, see load.ts)
//   BENCH_CPU_PROF=1     run both servers with --cpu-prof; profiles land in .bench/profiles, and
//                        `tsx scripts/bench/profile-summary.ts <file>` sums them up by package
//   BENCH_SCENARIOS=read,meta      a subset of create, read, meta, read-500k
//   BENCH_GZIP=1         send Accept-Encoding: gzip, as browsers and fetch() do
//   BENCH_APP_PAGE=0     measure the app before it has served any web page (see servePage)
//   BENCH_DATABASE=embedded   on embedded PGlite, as `npm start` without DATABASE_URL (database.ts)
//   BENCH_FILES=1        then the files scenario (files.ts: a 1 GiB file up and down, e2e and
//                        server-sealed; a few minutes more), or BENCH_FILES=only: that one alone
//   BENCH_FILE_STORAGE=s3     its chunks in s3rver rather than Postgres; BENCH_FILE_MIB=1024 its size
// Configuration is read and checked as every other command does it, before anything starts.
import "../../lib/env";
import { mkdirSync } from "node:fs";
import os from "node:os";
import { z } from "zod";
import { databaseKinds, openBenchDatabase } from "./database";
import { fileStorages, measureFiles } from "./files";
import { compareSamples, seedNotes, servePage, type SeededNotes } from "./fixtures";
import { probeLargeCreate } from "./large-create";
import { connections, runLoad, scenarioNames, scenarioTitles, stopLoad, type ScenarioName } from "./load";
import { evaluateTargets, formatLargeCreate, formatScenario, formatTargets, writeJson } from "./report";
import type { Measured, ScenarioResult } from "./report";
import { measureCpu, type CpuSplit } from "./cpu";
import { sampleRss, treeRssMiB } from "./rss";
import { ensureBuild, startServer, type RunningServer } from "./servers";

// Options of this script, not of the service, so they are read here rather than in lib/env.ts.
const options = z
  .object({
    BENCH_SECONDS: z.coerce.number().positive().max(600).default(10),
    BENCH_CPU_PROF: z.enum(["0", "1"]).default("0"),
    BENCH_SCENARIOS: z
      .string()
      .default(scenarioNames.join(","))
      .transform((list) => list.split(",").map((name) => name.trim()))
      .pipe(z.array(z.enum(scenarioNames)).min(1)),
    BENCH_GZIP: z.enum(["0", "1"]).default("0"),
    BENCH_APP_PAGE: z.enum(["0", "1"]).default("1"),
    BENCH_DATABASE: z.enum(databaseKinds).default("postgres"),
    BENCH_FILES: z.enum(["0", "1", "only"]).default("0"),
    BENCH_FILE_STORAGE: z.enum(fileStorages).default("postgres"),
    BENCH_FILE_MIB: z.coerce.number().int().min(1).max(16_384).default(1024),
  })
  .parse(process.env);
const seconds = options.BENCH_SECONDS;
// Long enough for V8 to optimise the hot paths and both pools to open all their connections.
const warmupSeconds = Math.min(3, seconds);
const profiling = options.BENCH_CPU_PROF === "1";
const nodeArgs = profiling ? ["--cpu-prof", "--cpu-prof-dir=.bench/profiles"] : [];

class Interrupted extends Error {}

const filesOptions = () => ({ storage: options.BENCH_FILE_STORAGE, mib: options.BENCH_FILE_MIB, nodeArgs });

// Undone in reverse order, once, whether the run ends, fails or is interrupted. A signal and the
// failing main flow both call cleanUp: they must share one pass, or the first to finish would exit
// while the other is still dropping the database.
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
      await undo().catch((error: unknown) => console.error("Cleanup step failed:", error));
    }
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the load, the servers, and dropping the database.`);
    stopLoad();
    void cleanUp().finally(() => process.exit(130));
  });
}

function checkInterrupted(): void {
  if (interrupted) throw new Interrupted();
}

async function measure(
  name: ScenarioName,
  server: RunningServer,
  notes: SeededNotes,
  databaseName: string,
): Promise<Measured> {
  let rss: ReturnType<typeof sampleRss> | null = null;
  let cpu: ReturnType<typeof measureCpu> | null = null;
  let peakRssMiB = 0;
  let cpuCores: CpuSplit = { server: 0, postgres: 0, loadGenerator: 0, other: 0 };
  const result = await runLoad(
    name,
    server.url,
    notes,
    { warmupSeconds, seconds, acceptGzip: options.BENCH_GZIP === "1" },
    {
      start: () => {
        rss = sampleRss(server.pid);
        cpu = measureCpu(server.pid, databaseName);
      },
      end: () => {
        cpuCores = cpu?.stop() ?? cpuCores;
        peakRssMiB = rss?.stop() ?? peakRssMiB;
      },
    },
  );
  checkInterrupted();
  const { server: srv, postgres, loadGenerator, other } = cpuCores;
  console.log(
    `  ${name.padEnd(9)} ${server.kind.padEnd(8)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms  cores: server ${srv.toFixed(2)}` +
      ` postgres ${postgres.toFixed(2)} load ${loadGenerator.toFixed(2)} other ${other.toFixed(2)}` +
      (result.rampSeconds > 0
        ? `  (all connections answered after ${result.rampSeconds.toFixed(1)} s)`
        : "  (not every connection had an answer during the warm-up)"),
  );
  return { ...result, peakRssMiB, cpuCores };
}

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

  const app = await startServer("app", database.envFor("app"), nodeArgs);
  cleanups.push(app.stop);
  const baseline = await startServer("baseline", database.envFor("baseline"), nodeArgs);
  cleanups.push(baseline.stop);
  checkInterrupted();

  const idleRssMiB = { app: treeRssMiB(app.pid), baseline: treeRssMiB(baseline.pid) };
  const appSeed = await seedNotes(app.url, await database.largeNoteId(app.url));
  const baselineSeed = await seedNotes(baseline.url, await database.largeNoteId(baseline.url));
  if (options.BENCH_APP_PAGE === "1") await servePage(app.url, appSeed.notes.small);
  const differences = compareSamples(appSeed.sample, baselineSeed.sample);
  console.log(
    differences.length === 0
      ? "The baseline answers as the app does (same fields, same values but ids and times)."
      : `Warning: the baseline's answers differ from the app's in ${differences.join(", ")}.`,
  );
  console.log(
    `Database: ${database.version}; ${connections} connections; warm-up of ${warmupSeconds} s or until every ` +
      `connection has had an answer, then ${seconds} s measured per scenario and server` +
      `${options.BENCH_APP_PAGE === "1" ? "" : "; no web page opened on the app"}` +
      `${options.BENCH_GZIP === "1" ? "; Accept-Encoding: gzip" : ""}; ${os.cpus().length} CPUs ` +
      "shared by load generator, servers and Postgres.",
  );
  // Anything else running skews both servers' numbers, and not by the same amount.
  const [load] = loadAverageAtStart;
  if (load !== undefined && load > 0.5) {
    console.log(`Warning: the 1-minute load average is ${load.toFixed(2)}; the machine is not idle.`);
  }

  const results: ScenarioResult[] = [];
  for (const name of options.BENCH_SCENARIOS) {
    const appResult = await measure(name, app, appSeed.notes, databaseName);
    const baselineResult = await measure(name, baseline, baselineSeed.notes, databaseName);
    const ratio = appResult.requestsPerSecond / baselineResult.requestsPerSecond;
    results.push({ name, title: scenarioTitles[name], app: appResult, baseline: baselineResult, ratio });
  }

  // Last, because it grows the heap: one 500 KiB create per server, alone. Skipped when profiling,
  // where its seconds of rendering would swamp the scenarios' profiles.
  const largeCreate = profiling
    ? null
    : {
        app: await probeLargeCreate(app, appSeed.notes.small),
        baseline: await probeLargeCreate(baseline, baselineSeed.notes.small),
      };
  checkInterrupted();

  const appPeakRssMiB = Math.max(...results.map((result) => result.app.peakRssMiB));
  const baselinePeakRssMiB = Math.max(...results.map((result) => result.baseline.peakRssMiB));
  const targets = evaluateTargets(results, appPeakRssMiB);
  console.log(`\n${results.map(formatScenario).join("\n\n")}\n`);
  console.log(
    `RSS idle after start: app ${idleRssMiB.app.toFixed(0)} MiB, baseline ${idleRssMiB.baseline.toFixed(0)} MiB; ` +
      `peak under load: app ${appPeakRssMiB.toFixed(0)} MiB, baseline ${baselinePeakRssMiB.toFixed(0)} MiB\n`,
  );
  if (largeCreate) {
    console.log("One 500 KiB create on an idle server (not a target):");
    console.log(
      `${formatLargeCreate("app", largeCreate.app)}\n${formatLargeCreate("baseline", largeCreate.baseline)}\n`,
    );
  }
  console.log(formatTargets(targets));
  // On a server of its own, once the others are stopped (an embedded database has one owner).
  await Promise.all([app.stop(), baseline.stop()]);
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
      acceptGzip: options.BENCH_GZIP === "1",
      loadAverageAtStart,
    },
    baselineDifferences: differences,
    scenarios: results,
    idleRssMiB,
    peakRssMiB: { app: appPeakRssMiB, baseline: baselinePeakRssMiB },
    largeCreate,
    targets,
    files,
  });
  console.log(`\nResults written to ${path}; server logs in ${app.logFile} and ${baseline.logFile}.`);
}

// A stray rejection must not skip the cleanup and leave a database behind.
process.on("unhandledRejection", (error) => {
  console.error("The benchmark failed:", error);
  void cleanUp().finally(() => process.exit(1));
});

main()
  .then(cleanUp)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    if (!(error instanceof Interrupted)) console.error("The benchmark failed:", error);
    await cleanUp();
    process.exit(interrupted ? 130 : 1);
  });
