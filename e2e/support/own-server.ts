import { spawn, type ChildProcess } from "node:child_process";

// A spec that needs a server with other settings than the shared one starts its own production
// server with `next start` on its own port, and must stop it in `finally`.

/** Starts `next start` on `port` with `env`, resolving once it answers. */
export async function startOwnServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "--port", String(port)],
    {
      env: { ...env, PORT: String(port) },
      stdio: "inherit",
    },
  );
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/shares/aaaaaaaaaa/meta`);
      if (response.status === 404) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill("SIGKILL");
  throw new Error(`the server on port ${port} did not start`);
}

export async function stopOwnServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}
