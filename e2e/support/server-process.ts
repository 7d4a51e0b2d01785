import { spawn, type ChildProcess } from "node:child_process";
import { timeouts } from "./timeouts";

// A server of our own for specs that need other settings than the shared one (its own environment,
// on a free port the system picks unless the spec names one): `npm start`'s script run directly by
// node, so signals reach the server itself and its exit code is the server's.

/** One line of the server's log: a JSON object (docs/development.md#the-log-one-json-line-per-event). */
export type LogLine = { time: string; level: string; msg: string } & Record<string, unknown>;

/** What a server that starts without its database logs (a warning), beside the reason. */
export const databaseNotReady = "the database is not ready yet: requests answer 503 and retry it";

export type ServerProcess = {
  url: string;
  /** the port it listens on: the one it was given, or the free one it took */
  port: number;
  child: ChildProcess;
  /** everything the server wrote to stdout (its start-up lines, then its log) so far */
  stdout: () => string;
  /** the lines of its log so far (stdout's complete JSON lines), parsed */
  logLines: () => LogLine[];
  /** everything the server wrote to stderr so far */
  stderr: () => string;
  /** sends `signal` (default SIGTERM) and resolves with the exit code once the process is gone */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** the exit code, once the process is gone (after a signal sent some other way) */
  exited: Promise<number | null>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The port in `npm start`'s "Listening on http://…:PORT" line, once it has written it. */
export function listeningPort(stdout: string): number | undefined {
  const port = /^Listening on http:\/\/.+:(\d+)$/m.exec(stdout)?.[1];
  return port === undefined ? undefined : Number(port);
}

export async function startServer(options: {
  /** default 0: a free port, read from the server's "Listening on" line (a restart names the one it had) */
  port?: number;
  env: Record<string, string | undefined>;
  /** The address the server is reached at (default 127.0.0.1; the server listens where HOST says). */
  host?: string;
}): Promise<ServerProcess> {
  const { port = 0, host = "127.0.0.1" } = options;
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: "", PORT: String(port), ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, ["scripts/launch.mjs", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  const server: ServerProcess = {
    url: "",
    port,
    child,
    exited,
    stdout: () => stdout,
    logLines: () =>
      stdout
        .slice(0, stdout.lastIndexOf("\n") + 1)
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    stderr: () => stderr,
    stop: async (signal = "SIGTERM") => {
      if (!gone()) child.kill(signal);
      return exited;
    },
  };
  // Ready is when the health route answers, not when the port is open. Each probe is bounded, so that
  // a server that accepts but never answers cannot stall the wait; the last outcome and the time
  // taken go into the error, to tell "never listened" from "hung".
  const started = Date.now();
  let last = "no attempt";
  while (Date.now() - started < timeouts.serverStart && !gone()) {
    const listening = listeningPort(stdout);
    if (listening === undefined) {
      last = "no Listening line yet";
      await sleep(100);
      continue;
    }
    server.port = listening;
    server.url = `http://${host}:${listening}`;
    try {
      // Any answer means Next.js is ready (the health may well be 503 while a database is down).
      const response = await fetch(`${server.url}/api/v1/health`, {
        signal: AbortSignal.timeout(timeouts.readinessProbe),
      });
      if (response.status === 200 || response.status === 503) return server;
      last = `status ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await sleep(100);
  }
  const waited = ((Date.now() - started) / 1000).toFixed(1);
  child.kill("SIGKILL");
  throw new Error(
    `The server (PORT=${port}) did not answer in ${waited} s (last: ${last}):\n${stdout}\n${stderr}`,
  );
}
