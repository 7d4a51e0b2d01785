import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { createBody, largeNote } from "./fixtures";
import { sampleRss, treeRssMiB } from "./rss";
import type { RunningServer } from "./servers";

export type LargeCreateResult = {
  /** status and duration of one 500 KiB create, alone on an otherwise idle server */
  status: number;
  createMs: number;
  /** the slowest meta request sent every 50 ms while the create was running */
  worstMetaMs: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
};

// A fresh connection per request: a server stalled for seconds closes idle keep-alive connections
// the moment it wakes, which would fail a reused one for reasons that have nothing to do with it.
function send(url: string, method: "GET" | "POST", body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { "content-type": "application/json" };
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", reject);
    request.end(body);
  });
}

/**
 * Creates one 500 KiB Markdown note while probing the server with meta requests. Rendering is
 * synchronous, so the slowest probe shows how long the render keeps every other request waiting.
 */
export async function probeLargeCreate(server: RunningServer, smallId: string): Promise<LargeCreateResult> {
  const rssBeforeMiB = treeRssMiB(server.pid);
  const rss = sampleRss(server.pid, 100);
  const started = performance.now();
  let done = false;
  const create = send(`${server.url}/api/v1/shares`, "POST", createBody(largeNote)).finally(() => {
    done = true;
  });
  const createMs = create.then(() => performance.now() - started);
  // Awaited below; until then a failing create must not count as an unhandled rejection.
  createMs.catch(() => {});
  let worstMetaMs = 0;
  while (!done) {
    const probeStart = performance.now();
    await send(`${server.url}/api/v1/shares/${smallId}/meta`, "GET");
    worstMetaMs = Math.max(worstMetaMs, performance.now() - probeStart);
    await sleep(50);
  }
  return {
    status: await create,
    createMs: await createMs,
    worstMetaMs,
    rssBeforeMiB,
    peakRssMiB: rss.stop(),
  };
}
