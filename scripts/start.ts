// `npm start`: validates the configuration, builds when there is no build yet (a fresh clone), then
// serves the production build on PORT through lib/server/front-server.ts. Migrations run inside the
// server as it starts (instrumentation.ts), for Postgres and for the embedded database alike.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// `next start` sets this too; Next.js and React pick their production builds from it.
Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });

// A bad setting stops start-up with lib/env.ts's message alone, not a stack trace.
const { env } = await import("../lib/env").catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running `next build` first.");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { default: next } = await import("next");
const { createFrontServer, drainServer } = await import("../lib/server/front-server");
const { runShutdownHooks } = await import("../lib/server/shutdown-hooks");
const { markFrontServer } = await import("../lib/server/client-socket");
const { directApiHandler, loadDirectRoutes } = await import("../lib/server/direct-api-routes");

// Before app.prepare(), which runs instrumentation.ts: what starts there may ask whether we serve.
markFrontServer();
const app = next({ dev: false, dir: process.cwd(), port: env.PORT });
await app.prepare();
const directRoutes = await loadDirectRoutes(path.resolve(".next"));
const server = createFrontServer(
  directApiHandler(directRoutes, `localhost:${env.PORT}`, app.getRequestHandler()),
);
server.listen(env.PORT, () => console.log(`Listening on http://localhost:${env.PORT}`));

// SIGTERM (platforms, `docker stop`) and Ctrl-C: stop accepting, finish what is in flight, close
// the database, exit 0. A second signal exits at once.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    void drainServer(server, env.SHUTDOWN_GRACE_MS)
      .then(() => app.close())
      .then(runShutdownHooks)
      .then(() => process.exit(0));
  });
}
