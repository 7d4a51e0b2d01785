import { request } from "node:http";
import { test as base } from "@playwright/test";
import { startCluster, type Cluster } from "../support/scale-cluster";
import { timeouts } from "../support/timeouts";

export { expect } from "@playwright/test";

// The scale suite's specs share one deployment (scale-cluster.ts), started once for the worker
// (playwright.scale.config.ts runs one): each spec leaves the three instances in rotation.
export const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    async ({}, use) => {
      const cluster = await startCluster(process.env.E2E_DATABASE_NAME ?? "");
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: "worker", timeout: timeouts.serverTest },
  ],
});

/** An answer, with the instance HAProxy sent the request to; or the error that stopped it. */
export type Outcome =
  { status: number; json: Record<string, unknown>; servedBy: string | undefined } | { error: string };

/**
 * One request on a connection of its own (node:http without an agent), as curl and scripts send
 * them: HAProxy cannot hide a failure by retrying it on a connection it already had.
 */
export function send(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  // A Buffer goes as it is (a file's chunk), anything else as JSON.
  const raw = Buffer.isBuffer(options.body);
  const body =
    raw || options.body === undefined ? (options.body as Buffer | undefined) : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const sent = request(
      url,
      {
        agent: false,
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          ...(body === undefined
            ? {}
            : { "content-type": raw ? "application/octet-stream" : "application/json" }),
          ...options.headers,
        },
        timeout: timeouts.request,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const servedBy = response.headers["x-served-by"];
          try {
            const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
            resolve({ status: response.statusCode ?? 0, json, servedBy: servedBy as string | undefined });
          } catch {
            resolve({ error: `status ${response.statusCode}, not JSON: ${text.slice(0, 200)}` });
          }
        });
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    sent.on("timeout", () => sent.destroy(new Error("timed out")));
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    sent.end(body);
  });
}

/** The statuses of `outcomes` counted, errors under their code: {"200": 5, "404": 15, "ECONNRESET": 1}. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = "error" in outcome ? outcome.error : String(outcome.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
