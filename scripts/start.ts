// `npm start`: validates the configuration, builds when there is no build yet (a fresh clone),
// then serves with `next start` on PORT. Migrations run inside the server as it starts
// (instrumentation.ts), for Postgres and for the embedded database alike.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// A bad setting stops start-up with lib/env.ts's message alone, not a stack trace.
const { env } = await import("../lib/env").catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

const nextBin = "node_modules/next/dist/bin/next";
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running `next build` first.");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [nextBin, "start", "--port", String(env.PORT)], {
  stdio: "inherit",
  env: childEnv,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
