// Servers the rate-limit specs start themselves, with low limits, on this run's database, and a
// small HTTP client that can choose its source address on the loopback network (127.0.0.0/8 all
// reaches this machine), so each test is its own client without any forwarding header.
import { request as httpRequest } from "node:http";
import { databaseUrl } from "../support/fixtures";
import { testPorts } from "../support/ports";
import { startServer as startServerProcess } from "../support/server-process";

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

// The test server's relaxed limits (playwright.config.ts) are not passed on: these servers keep
// the defaults but for the limits each spec sets.
const relaxedLimits = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith("RATE_LIMIT_"))
    .map((name) => [name, undefined]),
);

export async function startServer(port: number, settings: Record<string, string>): Promise<TestServer> {
  const server = await startServerProcess({
    port,
    env: { ...relaxedLimits, DATABASE_URL: databaseUrl, RENDER_WORKERS: "1", ...settings },
  });
  return {
    port,
    output: () => server.stdout() + server.stderr(),
    stop: async () => {
      await server.stop();
    },
  };
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
