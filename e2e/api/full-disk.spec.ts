import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// A full disk, for real (docs/operations.md, "Running it"): a small tmpfs holds the database's files, a filler
// file takes all but a little of it, and notes are created until one does not fit. That create is
// `503 unavailable` (never 500), the log says the error's class and code (never a note's text: a
// marker in every note must not appear), and once the filler is gone the next create works, without
// a restart. Postgres runs as a private cluster whose database lives in a tablespace on the tmpfs
// (its WAL stays on the real disk); the embedded database keeps its whole folder there. Mounting
// needs root: elsewhere these tests skip.

const postgresBin = "/usr/lib/postgresql/15/bin";
const marker = `full-disk-marker-${randomBytes(6).toString("hex")}`;

type Disk = { mountPoint: string; fill: (leftBytes: number) => void; free: () => void; remove: () => void };

/** A tmpfs of `size` on `at` (a fresh folder by default), or null where this process may not mount. */
function smallDisk(size: string, at?: string): Disk | null {
  const mountPoint = at ?? mkdtempSync(path.join(tmpdir(), "notes-full-disk-"));
  mkdirSync(mountPoint, { recursive: true });
  const filler = path.join(mountPoint, "filler");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", mountPoint], { stdio: "ignore" });
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return null;
  }
  return {
    mountPoint,
    fill: (leftBytes) => {
      const { bavail, bsize } = statfsSync(mountPoint);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leftBytes)));
    },
    free: () => rmSync(filler, { force: true }),
    remove: () => {
      execFileSync("umount", [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}

type CreateAnswer = { status: number; error?: string; id?: string };

async function createNote(base: string): Promise<CreateAnswer> {
  // Random text does not compress, so each note takes its size on the disk.
  const content = `${marker}\n\n${randomBytes(96 * 1024).toString("base64")}`;
  const response = await fetch(`${base}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content, ttl: "1h" }),
    signal: AbortSignal.timeout(timeouts.request),
  });
  const body = (await response.json()) as { error?: string; id?: string };
  return { status: response.status, error: body.error, id: body.id };
}

/** Creates notes until one fails, adding the ids of those created to `created`; the failure is returned. */
async function createUntilFull(server: ServerProcess, created: string[] = []): Promise<CreateAnswer> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await createNote(server.url).catch((error: unknown) => {
      throw new Error(`A create failed (${String(error)}):\n${server.stdout()}\n${server.stderr()}`);
    });
    if (answer.status !== 201) return answer;
    created.push(answer.id ?? "");
  }
  throw new Error("200 notes fitted on a disk that was full");
}

/** The line a create that finds the disk full logs: the failure's class and code, and the request. */
const fullDiskLine = expect.objectContaining({
  level: "error",
  msg: "database unavailable",
  method: "POST",
  route: "/api/v1/shares",
  request_id: expect.any(String),
  error: "DatabaseError (code 53100)",
});

/**
 * A port nothing listens on now, for the private cluster: Postgres cannot be told to take a free one
 * (it has no port 0) and say which, so the system names one for a moment first.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server's whole log must hold the failure's class and code, and nothing a client sent. */
async function expectLogOfFullDisk(server: ServerProcess): Promise<void> {
  // The log writes its lines on the next turn: the line may come after the answer.
  await expect.poll(() => server.logLines()).toContainEqual(fullDiskLine);
  expect(server.stdout() + server.stderr()).not.toContain(marker);
}

test("Postgres: a create that finds the disk full is 503, the log keeps no note, and service resumes once space is freed", async () => {
  test.setTimeout(timeouts.serverTest);
  const disk = smallDisk("24m");
  test.skip(disk === null, "mounting a file system needs root (CAP_SYS_ADMIN)");
  if (disk === null) return;
  const cluster = mkdtempSync(path.join(tmpdir(), "notes-full-disk-cluster-"));
  const asPostgres = (command: string, args: string[]) =>
    execFileSync("runuser", ["-u", "postgres", "--", path.join(postgresBin, command), ...args], {
      stdio: "ignore",
    });
  let server: ServerProcess | undefined;
  let clusterStarted = false;
  try {
    chmodSync(cluster, 0o700);
    const pgUser = execFileSync("id", ["-u", "postgres"]).toString().trim();
    const pgGroup = execFileSync("id", ["-g", "postgres"]).toString().trim();
    chownSync(cluster, Number(pgUser), Number(pgGroup));
    chownSync(disk.mountPoint, Number(pgUser), Number(pgGroup));
    const dataDir = path.join(cluster, "data");
    asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
    const port = String(await freePort());
    asPostgres("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(cluster, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${cluster} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]);
    clusterStarted = true;
    const psql = (sql: string) =>
      execFileSync(
        path.join(postgresBin, "psql"),
        ["-h", "127.0.0.1", "-p", port, "-U", "postgres", "-c", sql],
        {
          stdio: "ignore",
        },
      );
    psql(`CREATE TABLESPACE small LOCATION '${disk.mountPoint}'`);
    psql("CREATE DATABASE notes TABLESPACE small");

    server = await startServer({
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/notes`, CLEANUP_INTERVAL_SECONDS: "0" },
    });
    expect((await createNote(server.url)).status).toBe(201);
    disk.fill(512 * 1024);
    expect(await createUntilFull(server)).toEqual({ status: 503, error: "unavailable" });
    await expectLogOfFullDisk(server);

    disk.free();
    expect((await createNote(server.url)).status).toBe(201);
  } finally {
    await server?.stop("SIGKILL");
    if (clusterStarted) asPostgres("pg_ctl", ["-D", path.join(cluster, "data"), "-m", "immediate", "stop"]);
    disk.remove();
    rmSync(cluster, { recursive: true, force: true });
  }
});

test("embedded: a create that finds the disk full is 503, the log keeps no note, and service resumes once space is freed", async () => {
  test.setTimeout(timeouts.serverTest);
  const disk = smallDisk("80m");
  test.skip(disk === null, "mounting a file system needs root (CAP_SYS_ADMIN)");
  if (disk === null) return;
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      env: {
        DATABASE_URL: undefined,
        ENCRYPTION_KEYS: undefined,
        DATA_DIR: disk.mountPoint,
        CLEANUP_INTERVAL_SECONDS: "0",
      },
    });
    expect((await createNote(server.url)).status).toBe(201);
    // Less than the table needs, far less than a WAL segment (16 MB): the table's growth fails first.
    disk.fill(1024 * 1024);
    expect(await createUntilFull(server)).toEqual({ status: 503, error: "unavailable" });
    await expectLogOfFullDisk(server);

    disk.free();
    expect((await createNote(server.url)).status).toBe(201);
    expect(await server.stop()).toBe(0);
  } finally {
    await server?.stop("SIGKILL");
    disk.remove();
  }
});

test("embedded: a WAL write that finds the disk full stops `npm start` with exit 1 and one line; restarted, it has every acknowledged note", async () => {
  test.setTimeout(timeouts.serverTest * 2);
  // The data files stay on the real disk and only the WAL moves to a small tmpfs, so the first
  // write that fails is a WAL write, which makes Postgres PANIC (a full data file is the test above).
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-panic-"));
  const walDir = path.join(dataDir, "pglite", "pg_wal");
  const env = {
    DATABASE_URL: undefined,
    ENCRYPTION_KEYS: undefined,
    DATA_DIR: dataDir,
    CLEANUP_INTERVAL_SECONDS: "0",
  };
  let server: ServerProcess | undefined;
  let disk: Disk | null = null;
  try {
    server = await startServer({ env });
    expect(await server.stop()).toBe(0);
    renameSync(walDir, `${walDir}.old`);
    disk = smallDisk("48m", walDir);
    test.skip(disk === null, "mounting a file system needs root (CAP_SYS_ADMIN)");
    cpSync(`${walDir}.old`, walDir, { recursive: true });
    rmSync(`${walDir}.old`, { recursive: true });

    server = await startServer({ env });
    disk?.fill(1024 * 1024);
    const acknowledged: string[] = [];
    expect(await createUntilFull(server, acknowledged)).toEqual({ status: 503, error: "unavailable" });
    expect(await server.exited).toBe(1);
    // The fault's line, then the failed request's (by its class and code, as for any full disk).
    const panic = /^The embedded database stopped after a PANIC \(SQLSTATE 53100: the disk is full\)/;
    const failures = server
      .logLines()
      .filter(({ level, msg }) => level === "fatal" || msg === "database unavailable");
    expect(failures).toEqual([
      { time: expect.any(String), level: "fatal", msg: expect.stringMatching(panic) },
      fullDiskLine,
    ]);
    expect(server.stderr()).toBe("");
    expect(server.stdout() + server.stderr()).not.toContain(marker);

    disk?.free();
    server = await startServer({ env });
    for (const id of acknowledged) {
      expect((await fetch(`${server.url}/api/v1/shares/${id}/meta`)).status).toBe(200);
    }
    expect(await server.stop()).toBe(0);
  } finally {
    await server?.stop("SIGKILL");
    disk?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
