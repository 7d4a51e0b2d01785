import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./test-certificate";
import { timeouts } from "./timeouts";

// HAProxy (Debian's package) in front of a suite's instances, as docs/deployment.md sets it up: HTTP
// health checks on /api/v1/health every second, two failures to take an instance out of rotation
// (`inter 1s fall 2`, each check given up to 3 s: SHUTDOWN_DELAY_MS=6000 covers them), two successes
// to put it back. Its configuration is written into a temporary folder and it runs in the foreground
// (`-db`) as a child process, with a stats socket for the instances' states. Test-only: HAProxy names the instance that
// answered in an `X-Served-By` response header, so the specs can tell the instances apart without
// the service saying anything about itself.

export type Balancer = {
  url: string;
  /** each instance's state as HAProxy sees it ("UP", "DOWN", "MAINT", …), by its name */
  states: () => Promise<Record<string, string>>;
  /** HAProxy's log line of each request that failed, since it started, in order */
  failedRequests: () => string[];
  /** everything HAProxy wrote to stderr: its notices and warnings (an instance going down, …) */
  output: () => string;
  stop: () => Promise<void>;
};

/** The name HAProxy gives the instance listening on the n-th port (its X-Served-By header). */
export const instanceName = (index: number) => `instance${index}`;

const configuration = (port: number, socket: string, instancePorts: number[]) => `
global
  maxconn 4096
  stats socket ${socket} mode 600 level admin
  log stdout format raw local0

defaults
  mode http
  # Only failed requests are logged (with HAProxy's termination state), on its output.
  log global
  option httplog
  option dontlog-normal
  option forwardfor
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 60s
  timeout server 60s

frontend notes
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/v1/health
  http-check expect status 200
  # A loaded instance may take more than inter to answer its health; draining answers at once
  # (docs/deployment.md: SHUTDOWN_DELAY_MS covers this timeout plus inter × (fall + 1)).
  timeout check 3s
  http-response set-header X-Served-By %s
${instancePorts
  .map(
    (instancePort, index) =>
      `  server ${instanceName(index)} 127.0.0.1:${instancePort} check inter 1s fall 2 rise 2`,
  )
  .join("\n")}
`;

/** One command on HAProxy's stats socket: its answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket, () => connection.end(`${command}\n`));
    let answer = "";
    connection.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
  });
}

export async function startHaproxy(instancePorts: number[]): Promise<Balancer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "notes-haproxy-"));
  const socket = path.join(directory, "stats.sock");
  const file = path.join(directory, "haproxy.cfg");
  const port = await freePort();
  writeFileSync(file, configuration(port, socket, instancePorts));
  const child = spawn("haproxy", ["-f", file, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const states = async () => {
    // `show stat` is CSV: proxy name, server name, …, and the status in its 18th column.
    const rows = (await ask(socket, "show stat")).split("\n").map((line) => line.split(","));
    return Object.fromEntries(
      rows
        .filter((row) => row[0] === "instances" && row[1]?.startsWith("instance"))
        .map((row) => [row[1], row[17]]),
    ) as Record<string, string>;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(directory, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() - started > timeouts.serverStart) {
      await stop();
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    states,
    // The log also says when an instance goes down or up ("Server instances/… is DOWN, …"), and
    // logs a request answered after a retry on another instance (termination state "----").
    failedRequests: () =>
      log
        .split("\n")
        .filter((line) => line !== "" && !line.startsWith("Server ") && !line.includes(" ---- ")),
    output: () => output,
    stop,
  };
}
