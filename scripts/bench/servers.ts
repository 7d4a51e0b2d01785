import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { benchEncryptionKey } from "./fixtures";

const nextBin = "node_modules/next/dist/bin/next";

export type ServerKind = "app" | "baseline" | "floor";

export type RunningServer = {
  kind: ServerKind;
  url: string;
  pid: number;
  logFile: string;
  stop: () => Promise<void>;
};

function newestSource(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return /(?<!\.test)\.(ts|tsx|mjs)$/.test(path) ? stats.mtimeMs : 0;
  return Math.max(0, ...readdirSync(path).map((entry) => newestSource(`${path}/${entry}`)));
}

// The benchmark runs whatever .next holds; numbers of an older build would be silently misleading.
function warnIfStale(builtAt: number): void {
  const sources = ["app", "lib", "instrumentation.ts", "next.config.mjs"].filter((path) => existsSync(path));
  if (Math.max(...sources.map(newestSource)) > builtAt) {
    console.log("Warning: sources changed since the last `next build`; the app runs the older build.");
  }
}

/** Builds once when there is no production build; waits instead if someone else is building. */
export async function ensureBuild(): Promise<void> {
  for (let waited = 0; existsSync(".next/lock") && waited < 180; waited++) {
    if (waited === 0) console.log("Another `next build` is running; waiting for it.");
    await sleep(1000);
  }
  if (existsSync(".next/BUILD_ID")) {
    warnIfStale(statSync(".next/BUILD_ID").mtimeMs);
    return;
  }
  console.log("No production build found: running `next build` first.");
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** The node flags of package.json's `npm start` (`node <flags> scripts/launch.mjs …`). */
const appNodeFlags = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(" ")
  .filter((word) => word.startsWith("--"));

// The app runs as `npm start` runs it, with its node flags; the baseline and the floor under tsx
// (the render pool finds its worker's source file next to its own, which a bundle would move), so
// their memory includes tsx's loader. The react-server condition lets them import `server-only` modules, as
// scripts/keys.ts does.
function commandFor(kind: ServerKind): string[] {
  if (kind === "app") return [...appNodeFlags, "scripts/launch.mjs", "scripts/start.ts"];
  return ["--conditions=react-server", "--import", "tsx", `scripts/bench/${kind}-server.ts`];
}

// The server is up once it answers an API route; an unknown note is a cheap 404 on both.
async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/v1/shares/AAAAAAAAAA/meta`);
      if (response.status === 404) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const output = readFileSync(logFile, "utf8").slice(-3000);
  throw new Error(`The ${url} server did not come up (exit ${child.exitCode}). Its output:\n${output}`);
}

/**
 * Starts the app (`npm start`'s scripts/start.ts, production), the baseline or the floor on a free loopback
 * port on the database `databaseEnv` names (and any other settings there), with output going to
 * .bench/<logName>.log. `nodeArgs` go to the server's node (e.g. --cpu-prof, which NODE_OPTIONS refuses),
 * which is `node`, by default the one running the bench.
 */
export async function startServer(
  kind: ServerKind,
  databaseEnv: Record<string, string>,
  nodeArgs: string[],
  logName: string = kind,
  node: string = process.execPath,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = `.bench/${logName}.log`;
  // The child writes to the file itself, so its last words survive even if this process dies.
  const log = openSync(logFile, "w");
  const child = spawn(node, [...nodeArgs, ...commandFor(kind)], {
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      ...databaseEnv,
      ENCRYPTION_KEYS: benchEncryptionKey,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      // The app runs its rate limiter (in memory) on every request, with limits no run reaches:
      // the load comes from one address.
      ...Object.fromEntries(
        ["CREATE", "CREATE_PER_KEY", "READ", "UPLOAD"].map((policy) => [
          `RATE_LIMIT_${policy}`,
          "100000000/1m",
        ]),
      ),
      FILE_BUDGET_PER_ADDRESS: "1000000GiB/1h",
      FILE_BUDGET_PER_KEY: "1000000GiB/1h",
    },
  });
  closeSync(log);
  // Whatever way this process ends, the server must not outlive it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => {
    if (!stopping) console.error(`The ${kind} server exited unexpectedly; see ${logFile}.`);
  });
  const stop = async () => {
    stopping = true;
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    // SIGTERM lets a profiling server write its profile; SIGKILL if it hangs.
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut) child.kill("SIGKILL");
  };
  try {
    await waitUntilReady(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { kind, url, pid: child.pid ?? 0, logFile, stop };
}
