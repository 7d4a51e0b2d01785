// `npm start`: validates the configuration, builds when there is no build yet (a fresh clone), then
// serves the production build on PORT through lib/server/front-server.ts and runs the periodic
// cleanup and webhook delivery; on a signal it stops all of it. Next.js opens the database and
// applies migrations as it prepares (instrumentation.ts, as under `next dev` and on platforms), for
// Postgres and PGlite alike, and the server listens only once that is done: a port that accepts is a
// server that can answer.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

// `next start` sets this too; Next.js and React pick their production builds from it.
Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });

// First, before Next.js: a bad setting stops start-up with lib/env.ts's message alone.
const { env } = await import("../lib/env");

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running `next build` first.");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { default: next } = await import("next");
const { createFrontServer } = await import("../lib/server/front-server");
const { startupFinished } = await import("../lib/process/startup");
const { runShutdownHooks } = await import("../lib/process/shutdown-hooks");
const { startDraining } = await import("../lib/process/draining");
const { writeLogLine } = await import("../lib/process/log-line");
const { onFatalError } = await import("../lib/process/fatal-error");
const { startCleanupSchedule } = await import("../lib/cron/cleanup-schedule");
const { directApiHandler, loadDirectRoutes } = await import("../lib/server/direct-api-routes");
const { startWebhookDelivery } = await import("../lib/webhooks/delivery-schedule");
const { startCollectingAtRest } = await import("../lib/process/collect-at-rest");

const app = next({ dev: false, dir: process.cwd(), port: env.PORT });
await app.prepare();
// DEBUG_NO_DIRECT_ROUTES=1: every request takes Next.js's router, as under `next dev` or on a platform.
const directRoutes = env.DEBUG_NO_DIRECT_ROUTES ? [] : await loadDirectRoutes(path.resolve(".next"));
const front = createFrontServer(
  // As Next.js reports a request's URL: with PORT=0 (a port it is not told), against its placeholder host.
  directApiHandler(directRoutes, env.PORT ? `localhost:${env.PORT}` : "n", app.getRequestHandler()),
  {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: env.HTTP_MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.HTTP_MAX_CONNECTIONS_PER_IP,
  },
);
await startupFinished();
// Start-up's garbage goes before the first request, and later bursts' once the server is quiet.
const stopCollectingAtRest = startCollectingAtRest();
// HOST unset: every interface, as Node listens by default.
const listenHost = env.HOST === undefined ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
front.server.once("error", (error: NodeJS.ErrnoException) => {
  console.error(`Cannot start: cannot listen on ${listenHost}:${env.PORT} (${error.code ?? error.message}).`);
  process.exit(1);
});
front.server.listen(env.PORT, env.HOST, () => {
  // PORT=0 takes a free port: the line names the one taken.
  const address = `http://${listenHost}:${(front.server.address() as AddressInfo).port}`;
  console.log(`Listening on ${address}`);
  // The public base URL, when set, is the address people reach the admin page at.
  if (env.ADMIN_SECRET) console.log(`Admin page: ${env.PUBLIC_URL ?? address}/admin`);
});
const cleanup = env.CLEANUP_INTERVAL_SECONDS > 0 ? startCleanupSchedule(env.CLEANUP_INTERVAL_SECONDS) : null;
const webhooks = env.WEBHOOK_POLL_INTERVAL_MS > 0 ? startWebhookDelivery(env.WEBHOOK_POLL_INTERVAL_MS) : null;

// Stops accepting and answers what is in flight (lib/server/front-server.ts) while the cleanup (a run
// in progress ends after its batch) and webhook delivery (after the attempts in progress) stop at
// once: what they leave is due for the next process, and after a fatal fault they would only fail
// again. Then closes Next.js and the database, and exits with `exitCode`.
let stopping = false;
function stop(reason: string, exitCode: number): void {
  if (stopping) return;
  stopping = true;
  stopCollectingAtRest();
  startDraining();
  // A fault stops at once; a signal first gives a load balancer time to see the health turn 503.
  const delayMs = exitCode === 0 ? env.SHUTDOWN_DELAY_MS : 0;
  const draining = front.drain({ graceMs: env.SHUTDOWN_GRACE_MS, delayMs });
  const background = Promise.all([cleanup?.stop(), webhooks?.stop()]);
  const level = exitCode === 0 ? "info" : "error";
  const waiting = delayMs > 0 ? `health says draining; answering for ${delayMs} ms, then ` : "";
  writeLogLine({ level, msg: `${reason}: ${waiting}finishing requests in flight, then stopping.` });
  void Promise.all([draining, background])
    .then(() => app.close())
    .then(runShutdownHooks)
    .then(() => process.exit(exitCode));
}

// SIGTERM (platforms, `docker stop`) and Ctrl-C: exit 0 once done. A second signal exits at once.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stop(signal, 0);
  });
}

// A fault this process cannot recover from (the embedded database stopped after a PANIC, as on a
// full disk; its line is already in the log): stop as on SIGTERM, but with exit code 1, so that a
// supervisor starts a fresh process, which recovers the database.
onFatalError(() => stop("Fatal error", 1));

// Output that can no longer be written (the reader of the pipe the logs go to has exited: EPIPE).
// Unhandled, the error reaches Next.js's uncaughtException handler, which logs it to the same
// broken stream, which fails again: the process spins at full CPU and stops answering. A program
// whose output is gone stops, as one killed by SIGPIPE would; this one stops gracefully, exit 1.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) =>
    stop(`Log output failed (${error.code ?? error.message})`, 1),
  );
}
