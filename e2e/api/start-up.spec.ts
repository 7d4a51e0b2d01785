import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import { databaseNotReady, startServer, type ServerProcess } from "../support/server-process";
import { startTcpProxy } from "../support/tcp-proxy";
import { timeouts } from "../support/timeouts";

// Start-up either works or fails loudly (docs/operations.md, "Running it"). A database that cannot answer yet
// (another process holds the migration lock, the network is silent) gives a server that answers
// 503 within the database timeouts and serves once the database answers; an embedded database
// folder that cannot be used stops the process with one line and exit 1; the server listens only
// once the database is open.

// Short database timeouts keep the tests quick.
const databaseTimeouts = { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_QUERY_TIMEOUT_MS: "2000" };
const migrationLockKey = 72707369;

async function status(base: string, method: string, route: string): Promise<number> {
  const response = await fetch(`${base}${route}`, {
    method,
    body: method === "POST" ? JSON.stringify({ content: "start-up", ttl: "1h" }) : undefined,
    signal: AbortSignal.timeout(timeouts.request),
  });
  return response.status;
}

const health = (base: string) => status(base, "GET", "/api/v1/health");
const create = (base: string) => status(base, "POST", "/api/v1/shares");

async function withDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const name = `notes_e2e_startup_${randomBytes(5).toString("hex")}`;
  await createDatabase(name);
  try {
    await run(`postgres://postgres@127.0.0.1:5432/${name}`);
  } finally {
    await dropDatabase(name);
  }
}

/** Runs `npm start`'s script to its end (it must not listen): its exit code and stderr. */
function failedStart(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: "0", ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ["scripts/launch.mjs", "scripts/start.ts"], {
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
}

test.describe.configure({ mode: "parallel" });

test("another process holds the migration lock: 503 within the timeouts, the holder in the log, then service", async () => {
  test.setTimeout(timeouts.serverTest);
  await withDatabase(async (url) => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    let server: ServerProcess | undefined;
    try {
      await holder.query(`SELECT pg_advisory_lock(${migrationLockKey})`);
      const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      server = await startServer({
        env: { DATABASE_URL: url, ...databaseTimeouts },
      });
      expect(await health(server.url), server.stdout() + server.stderr()).toBe(503);
      expect(await create(server.url)).toBe(503);
      expect(server.logLines()).toContainEqual(
        expect.objectContaining({
          level: "warn",
          msg: databaseNotReady,
          reason: expect.stringMatching(`^The migration lock is held by database session ${rows[0]?.pid} `),
        }),
      );

      await holder.query(`SELECT pg_advisory_unlock(${migrationLockKey})`);
      const base = server.url;
      await expect.poll(() => health(base)).toBe(200);
      expect(await create(base)).toBe(201);
    } finally {
      await server?.stop("SIGKILL");
      await holder.end();
    }
  });
});

test("a database gone silent at start: 503 within the timeouts, then service once it answers", async () => {
  test.setTimeout(timeouts.serverTest);
  await withDatabase(async (url) => {
    const proxy = await startTcpProxy({
      target: { host: "127.0.0.1", port: 5432 },
    });
    let server: ServerProcess | undefined;
    try {
      proxy.setMode("blackhole");
      const proxied = new URL(url);
      proxied.port = String(proxy.port);
      server = await startServer({
        env: { DATABASE_URL: proxied.toString(), ...databaseTimeouts },
      });
      expect(await health(server.url)).toBe(503);
      expect(await create(server.url)).toBe(503);
      expect(server.logLines()).toContainEqual(
        expect.objectContaining({ level: "warn", msg: databaseNotReady }),
      );

      proxy.setMode("up");
      const base = server.url;
      await expect.poll(() => health(base)).toBe(200);
      expect(await create(base)).toBe(201);
    } finally {
      await server?.stop("SIGKILL");
      await proxy.close();
    }
  });
});

test("embedded: a stale lock (its pid now another live process's) is taken over, and Listening comes once the database is open", async () => {
  test.setTimeout(timeouts.serverTest);
  const dataDir = await mkdtemp(path.join(tmpdir(), "notes-startup-"));
  let server: ServerProcess | undefined;
  try {
    // This test's own pid is alive, but it is not the server that wrote the lock (another start time).
    await writeFile(path.join(dataDir, "pglite.lock"), `${process.pid} 1`);
    server = await startServer({
      env: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    });
    expect(await health(server.url)).toBe(200);
    const output = server.stdout();
    const opened = output.indexOf("The database is open and migrated.");
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(output.indexOf("Listening on")).toBeGreaterThan(opened);
    expect(await server.stop()).toBe(0);
  } finally {
    await server?.stop("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("embedded: a DATA_DIR that cannot hold the database stops start-up with one line and exit 1", async () => {
  test.setTimeout(timeouts.serverTest);
  const folder = await mkdtemp(path.join(tmpdir(), "notes-startup-"));
  try {
    const file = path.join(folder, "a-file");
    await writeFile(file, "");
    const result = await failedStart({ DATABASE_URL: undefined, DATA_DIR: file });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toBe(
      `Cannot start: The embedded database cannot use ${file}/pglite: part of its path is a file ` +
        "(EEXIST). Set DATA_DIR to a writable folder.",
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("embedded: a read-only DATA_DIR stops start-up with one line and exit 1", async () => {
  test.setTimeout(timeouts.serverTest);
  // A read-only file system, made as root can: a small tmpfs, remounted read-only. (As root, a
  // folder's permissions do not stop writes, so they cannot stand in for it.)
  const mountPoint = await mkdtemp(path.join(tmpdir(), "notes-readonly-"));
  let mounted = false;
  try {
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint], { stdio: "ignore" });
      mounted = true;
      execFileSync("mount", ["-o", "remount,ro", mountPoint], { stdio: "ignore" });
    } catch {
      test.skip(true, "mounting a file system needs root (CAP_SYS_ADMIN)");
    }
    const result = await failedStart({ DATABASE_URL: undefined, DATA_DIR: mountPoint });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toBe(
      `Cannot start: The embedded database cannot use ${mountPoint}/pglite: its file system is ` +
        "read-only (EROFS). Set DATA_DIR to a writable folder.",
    );
  } finally {
    if (mounted) execFileSync("umount", [mountPoint]);
    await rm(mountPoint, { recursive: true, force: true });
  }
});
