import { z } from "zod";
import { databaseKinds } from "./database";
import { fileStorages } from "./files";
import { scenarioNames } from "./load";

// Options of `npm run bench` (listed in run.ts), not of the service, so they are read here rather
// than in lib/env.ts.
export const options = z
  .object({
    BENCH_SECONDS: z.coerce.number().positive().max(600).default(10),
    BENCH_ROUNDS: z.coerce.number().int().min(1).max(31).default(1),
    BENCH_WARMUP_SECONDS: z.coerce.number().min(0).max(60).default(15),
    BENCH_CPU_PROF: z.enum(["0", "1"]).default("0"),
    BENCH_SCENARIOS: z
      .string()
      .default(scenarioNames.join(","))
      .transform((list) => list.split(",").map((name) => name.trim()))
      .pipe(z.array(z.enum(scenarioNames)).min(1)),
    BENCH_GZIP: z.enum(["0", "1"]).default("0"),
    BENCH_APP_PAGE: z.enum(["0", "1"]).default("1"),
    BENCH_DATABASE: z.enum(databaseKinds).default("postgres"),
    BENCH_FLOOR_RENDER: z.enum(["worker", "thread"]).default("worker"),
    BENCH_FILES: z.enum(["0", "1", "only"]).default("0"),
    BENCH_FILE_STORAGE: z.enum(fileStorages).default("postgres"),
    BENCH_FILE_MIB: z.coerce.number().int().min(1).max(16_384).default(1024),
    BENCH_MEMORY_SECONDS: z.coerce.number().min(0).max(600).default(2),
    BENCH_OTHER_NODE: z.string().optional(),
  })
  .parse(process.env);

export const seconds = options.BENCH_SECONDS;
export const rounds = options.BENCH_ROUNDS;
// Long enough for V8 to optimise the hot paths and the pools to open all their connections: the
// app's server was still optimising functions 10 s into a read load (docs/benchmarks.md).
export const warmupSeconds = options.BENCH_WARMUP_SECONDS;
export const profiling = options.BENCH_CPU_PROF === "1";
export const nodeArgs = profiling ? ["--cpu-prof", "--cpu-prof-dir=.bench/profiles"] : [];
export const acceptGzip = options.BENCH_GZIP === "1";

export const filesOptions = () => ({
  storage: options.BENCH_FILE_STORAGE,
  mib: options.BENCH_FILE_MIB,
  nodeArgs,
});
