import type { IncomingMessage, ServerResponse } from "node:http";
import { secretMatches } from "../crypto/secret-hash";
import { env } from "../env";
import { bearerToken } from "../http/bearer-token";
import { errorFields } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { metrics } from "./metrics";

// GET /metrics: this process's metrics in Prometheus's text format, for a scraper that sends
// `Authorization: Bearer <METRICS_TOKEN>`. The front server answers it before anything else, so it
// is never rate limited, logged or counted itself. Without METRICS_TOKEN the path does not exist:
// the request goes on to Next.js like any other and gets its 404.

/** Whether the front server should answer this request with serveMetrics. */
export function isMetricsRequest(req: IncomingMessage): boolean {
  if (!env.METRICS_TOKEN || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const target = req.url ?? "";
  return target === "/metrics" || target.startsWith("/metrics?");
}

export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers(req.headers.authorization ? { authorization: req.headers.authorization } : {});
  if (!secretMatches(bearerToken(headers) ?? "", env.METRICS_TOKEN ?? "")) {
    res.writeHead(401, {
      "content-type": "text/plain; charset=utf-8",
      "www-authenticate": 'Bearer realm="metrics"',
    });
    res.end("Metrics need Authorization: Bearer <METRICS_TOKEN>.\n");
    return;
  }
  try {
    const text = await metrics.registry.metrics();
    res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : text);
  } catch (error) {
    writeLogLine({ level: "error", msg: "collecting metrics failed", ...errorFields(error) });
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("Collecting metrics failed.\n");
  }
}
