// Servers the rate-limit specs start themselves, with low limits, on this run's database, and a
// small HTTP client that can choose its source address on the loopback network (127.0.0.0/8 all
// reaches this machine), so each test is its own client without any forwarding header.
import { request as httpRequest } from "node:http";
import { databaseUrl } from "../support/fixtures";
import { roomInWindow } from "../support/rate-windows";
import { startServer as startServerProcess } from "../support/server-process";

export type TestServer = { port: number; output: () => string; stop: () => Promise<void> };

// The test server's relaxed limits (playwright.config.ts) are not passed on: these servers keep
// the defaults but for the limits each spec sets.
const relaxedLimits = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith("RATE_LIMIT_"))
    .map((name) => [name, undefined]),
);

export async function startServer(settings: Record<string, string>): Promise<TestServer> {
  const server = await startServerProcess({
    env: { ...relaxedLimits, DATABASE_URL: databaseUrl, RENDER_WORKERS: "1", ...settings },
  });
  return {
    port: server.port,
    output: () => server.stdout() + server.stderr(),
    stop: async () => {
      await server.stop();
    },
  };
}

export type Answer = {
  status: number;
  headers: Record<string, string | undefined>;
  /** the body parsed, when it is JSON */
  json: Record<string, unknown>;
  text: string;
};

/** One HTTP request from the loopback address `from` (127.0.0.x). */
export function call(options: {
  port: number;
  method?: "GET" | "HEAD" | "POST" | "DELETE";
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
          const isJson = text !== "" && res.headers["content-type"]?.startsWith("application/json");
          resolve({
            status: res.statusCode ?? 0,
            headers,
            json: isJson ? (JSON.parse(text) as Answer["json"]) : {},
            text,
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
 * Runs `burst`, a run of requests whose limits the test counts, within one window of `windowMs`
 * (roomInWindow). It starts when at least `roomMs` of a window are left,
 * which on an idle machine is enough. On a busy one it may take longer: when it fails and a window
 * boundary passed while it ran, it runs once more as `attempt` 1, which must speak from clients of
 * its own (the first attempt's counts still weigh on its clients) and must not straddle again.
 */
export async function inOneWindow<T>(
  windowMs: number,
  roomMs: number,
  burst: (attempt: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    await roomInWindow(windowMs, roomMs);
    const window = Math.floor(Date.now() / windowMs);
    try {
      return await burst(attempt);
    } catch (error) {
      if (attempt > 0 || Math.floor(Date.now() / windowMs) === window) throw error;
    }
  }
}

/** A loopback address (all of 127.0.0.0/8 reaches this machine) for `host` in `attempt`. */
export const loopback = (attempt: number, host: number) => `127.0.${attempt}.${host}`;
