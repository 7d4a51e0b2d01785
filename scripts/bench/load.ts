import autocannon, { type Instance, type Options } from "autocannon";
import { createBody, createE2eBody, readE2eBody, smallNote, type SeededNotes } from "./fixtures";

export const connections = 32;

export const scenarioNames = [
  "create",
  "read",
  "meta",
  "read-500k",
  "read-hot",
  "e2e-create",
  "e2e-read",
] as const;

export type ScenarioName = (typeof scenarioNames)[number];

export const scenarioTitles: Record<ScenarioName, string> = {
  create: "create: POST /api/v1/shares, 1 KiB Markdown, ttl 1h",
  read: "read: POST /api/v1/shares/<id>/read, 1 KiB note",
  meta: "meta: GET /api/v1/shares/<id>/meta, 1 KiB note",
  "read-500k": "read-500k: POST /api/v1/shares/<id>/read, 500 KiB note",
  // Every connection reads the same note in every read scenario; this one has a view limit, so each
  // read updates its row and holds the row lock until its commit is flushed.
  "read-hot":
    "read-hot: POST /api/v1/shares/<id>/read, 1 KiB note with a view limit: 32 readers on one row lock",
  // What the create page and the CLI send by default: nothing for the server to render.
  "e2e-create": "e2e-create: POST /api/v1/shares, 1 KiB note sealed end to end with its key proof, ttl 1h",
  "e2e-read": "e2e-read: POST /api/v1/shares/<id>/read, 1 KiB end-to-end note, with its key proof",
};

const json = { "content-type": "application/json" };

function requestOf(name: ScenarioName, baseUrl: string, notes: SeededNotes): Options {
  switch (name) {
    case "create":
      return { url: `${baseUrl}/api/v1/shares`, method: "POST", headers: json, body: createBody(smallNote) };
    case "read":
      return {
        url: `${baseUrl}/api/v1/shares/${notes.small}/read`,
        method: "POST",
        headers: json,
        body: "{}",
      };
    case "meta":
      return { url: `${baseUrl}/api/v1/shares/${notes.small}/meta`, method: "GET" };
    case "read-500k":
    case "read-hot": {
      const id = name === "read-hot" ? notes.limited : notes.large;
      if (id === null)
        throw new Error(`${name}'s note is not stored on this server (database.ts, memory-run.ts).`);
      return { url: `${baseUrl}/api/v1/shares/${id}/read`, method: "POST", headers: json, body: "{}" };
    }
    case "e2e-create":
      return {
        url: `${baseUrl}/api/v1/shares`,
        method: "POST",
        headers: json,
        body: createE2eBody(notes.e2e),
      };
    case "e2e-read":
      return {
        url: `${baseUrl}/api/v1/shares/${notes.e2e.id}/read`,
        method: "POST",
        headers: json,
        body: readE2eBody(notes.e2e),
      };
  }
}

export type LoadResult = {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** connection errors and timeouts */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** response bytes per second */
  bytesPerSecond: number;
  /** seconds until each of the new connections had its first answer (0: not all did) */
  rampSeconds: number;
  /** the slowest of those first answers (see docs/benchmarks.md) */
  slowestFirstResponseMs: number;
};

// The instance under way, so Ctrl-C can stop it.
let current: Instance | null = null;

export function stopLoad(): void {
  current?.stop();
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

// Longest the warm-up may wait for every connection's first answer before measuring anyway.
const maxWarmupSeconds = 60;

/**
 * Drives one scenario at `connections` (closed loop: each connection waits for its answer) and
 * measures `seconds` of it once the warm-up is over: at least `warmupSeconds`, and until every
 * connection has had an answer. Against a saturated server, 32 new connections get their first
 * answers one event-loop turn apart, up to seconds later (docs/benchmarks.md); measured, that
 * start-up effect would dominate p99. `window` brackets the measured part, for CPU and memory.
 */
export async function runLoad(
  name: ScenarioName,
  baseUrl: string,
  notes: SeededNotes,
  settings: { warmupSeconds: number; seconds: number; acceptGzip: boolean },
  window: { start: () => void; end: () => void },
): Promise<LoadResult> {
  // Stopped by the timers below, not by autocannon's own clock.
  const duration = maxWarmupSeconds + settings.seconds + 10;
  const request = requestOf(name, baseUrl, notes);
  // As browsers and fetch() ask. Whether Next.js then compresses depends on its version and its
  // `compress` option; the baseline never does.
  if (settings.acceptGzip) request.headers = { ...request.headers, "accept-encoding": "gzip" };
  const instance = autocannon({ ...request, connections, duration, timeout: 30 });
  current = instance;
  const launched = performance.now();
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const answered = new Set<object>();
  let slowestFirstResponseMs = 0;
  let rampSeconds = 0;
  // An object, so that TypeScript does not narrow what the callbacks below change.
  const state: { phase: "warm-up" | "measuring" | "done" } = { phase: "warm-up" };
  let started = 0;
  let elapsed = 0;
  let errors = 0;
  let bytes = 0;

  const finish = () => {
    state.phase = "done";
    elapsed = (performance.now() - started) / 1000;
    window.end();
    instance.stop();
  };
  let finishTimer: NodeJS.Timeout | undefined;
  const startMeasuring = () => {
    if (state.phase !== "warm-up") return;
    state.phase = "measuring";
    started = performance.now();
    window.start();
    finishTimer = setTimeout(finish, settings.seconds * 1000);
  };
  const sinceLaunch = () => (performance.now() - launched) / 1000;
  const warmedUp = () => sinceLaunch() >= settings.warmupSeconds && answered.size === connections;
  const poll = setInterval(() => {
    if (warmedUp() || sinceLaunch() >= maxWarmupSeconds) startMeasuring();
  }, 100);

  instance.on("response", (client, status, responseBytes, ms) => {
    if (!answered.has(client)) {
      answered.add(client);
      slowestFirstResponseMs = Math.max(slowestFirstResponseMs, ms);
      if (answered.size === connections) rampSeconds = sinceLaunch();
    }
    if (state.phase !== "measuring") return;
    latencies.push(ms);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    bytes += responseBytes;
  });
  instance.on("reqError", () => {
    if (state.phase === "measuring") errors++;
  });
  try {
    await instance;
  } finally {
    clearInterval(poll);
    clearTimeout(finishTimer);
    current = null;
  }
  // Interrupted (Ctrl-C) before the window closed: report what was measured.
  if (state.phase === "measuring") finish();
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statusCodes).filter(([status]) => status.startsWith("2"));
  return {
    requestsPerSecond: elapsed > 0 ? latencies.length / elapsed : 0,
    requests: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
    non2xx: latencies.length - ok.reduce((sum, [, count]) => sum + count, 0),
    statusCodes,
    bytesPerSecond: elapsed > 0 ? bytes / elapsed : 0,
    rampSeconds,
    slowestFirstResponseMs,
  };
}
