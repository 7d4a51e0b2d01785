// Servers the rate-limit specs start themselves, with low limits, on this run's database, and a
// small HTTP client that can choose its source address on the loopback network (127.0.0.0/8 all
// reaches this machine), so each test is its own client without any forwarding header.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { databaseUrl } from "../support/fixtures";
import { testPorts } from "../support/ports";

export type TestServer = { port: number; output: () => string; stop: () => Promise<void> };

/** Ports of this project (e2e/support/ports.ts). */
export const ports = {
  memory: testPorts.rateLimitMemory,
  proxyA: testPorts.rateLimitProxyA,
  proxyB: testPorts.rateLimitProxyB,
  unreachable: testPorts.rateLimitUnreachable,
  bridge: testPorts.upstashBridge,
  closed: testPorts.rateLimitClosed,
};

const inherited = ["PATH", "HOME", "TMPDIR", "NODE_OPTIONS"];

export async function startServer(port: number, settings: Record<string, string>): Promise<TestServer> {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    RENDER_WORKERS: "1",
  };
  for (const name of inherited) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, { DATABASE_URL: databaseUrl, PORT: String(port), ...settings });
  // As `npm start` runs it (scripts/launch.mjs), like every other server the tests start.
  const server = spawn(process.execPath, ["scripts/launch.mjs", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
  // Each attempt is bounded, so that a server that accepts but never answers cannot stall the wait;
  // the last outcome and the time taken go into the error, to tell "never listened" from "hung".
  const started = Date.now();
  let last = "no attempt";
  while (Date.now() - started < 120_000 && server.exitCode === null) {
    try {
      // The JSON 404 of an unknown API path: answered by Next.js, and not rate limited.
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/ready-check`, {
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 404) return { port, output: () => output, stop };
      last = `status ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const waited = ((Date.now() - started) / 1000).toFixed(1);
  await stop();
  throw new Error(`The test server on ${port} did not answer in ${waited} s (last: ${last}):\n${output}`);
}

export type Answer = {
  status: number;
  headers: Record<string, string | undefined>;
  json: Record<string, unknown>;
};

/** One HTTP request from the loopback address `from` (127.0.0.x). */
export function call(options: {
  port: number;
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  from?: string;
}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: options.port,
        path: options.path,
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        localAddress: options.from ?? "127.0.0.1",
        headers: { "content-type": "application/json", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, v?.toString()]));
          resolve({
            status: res.statusCode ?? 0,
            headers,
            json: text ? (JSON.parse(text) as Answer["json"]) : {},
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export const note = (extra: Record<string, unknown> = {}) => ({
  content: "# rate limits",
  ttl: "1h",
  ...extra,
});

/** The RateLimit headers of an answer, as numbers (Retry-After only when present). */
export function limitHeaders(answer: Answer) {
  const number = (name: string) =>
    answer.headers[name] === undefined ? undefined : Number(answer.headers[name]);
  return {
    limit: number("ratelimit-limit"),
    remaining: number("ratelimit-remaining"),
    reset: number("ratelimit-reset"),
    retryAfter: number("retry-after"),
  };
}

/**
 * Waits until at least `neededMs` of the current window are left, so a burst does not straddle two
 * windows (the sliding window would then weigh part of it out).
 */
export async function awaitRoomInWindow(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
