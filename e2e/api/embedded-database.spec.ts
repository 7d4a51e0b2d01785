import { chmod, lstat, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer as startServerProcess, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// A smoke run of the default: no DATABASE_URL, so the server runs on embedded PGlite under
// DATA_DIR, applies its migrations at start, and keeps data across a restart. Without
// ENCRYPTION_KEYS either, the first start writes the key file the notes are sealed with.
// The two tests run side by side, each on a free port; a restart takes the port the first start had.
const startServer = (dataDir: string, port?: number) =>
  startServerProcess({
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, ENCRYPTION_KEYS: undefined },
  });

test("embedded PGlite: create, read, restart, still there", async () => {
  test.setTimeout(timeouts.serverTest);
  const dataDir = await mkdtemp(path.join(tmpdir(), "notes-pglite-"));
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dataDir);
    const base = server.url;
    const created = await fetch(`${base}/api/v1/shares`, {
      method: "POST",
      body: JSON.stringify({ content: "# embedded", ttl: "1h", burn_after: 2, password: "pw" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const plain = await fetch(`${base}/api/v1/shares`, {
      method: "POST",
      body: JSON.stringify({ content: "sealed by the key file", ttl: "1h" }),
    });
    const { id: plainId } = (await plain.json()) as { id: string };
    const keyFile = path.join(dataDir, "encryption-key");
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = await readFile(keyFile, "utf8");
    expect(key).toMatch(/^[\w-]{43}\n$/);
    const first = await fetch(`${base}/api/v1/shares/${id}/read`, {
      method: "POST",
      body: '{"password":"pw"}',
    });
    expect(await first.json()).toMatchObject({
      html: '<h1 id="user-content-embedded">embedded</h1>',
      remaining_views: 1,
    });
    await server.stop();

    server = await startServer(dataDir, server.port);
    const meta = await fetch(`${base}/api/v1/shares/${id}/meta`);
    expect(await meta.json()).toMatchObject({ id, remaining_views: 1, password_required: true });
    // The same key after the restart: the note sealed with it still opens.
    expect(await readFile(keyFile, "utf8")).toBe(key);
    const plainRead = await fetch(`${base}/api/v1/shares/${plainId}/read`, { method: "POST" });
    expect(await plainRead.json()).toMatchObject({ content: "sealed by the key file" });
    const last = await fetch(`${base}/api/v1/shares/${id}/read`, {
      method: "POST",
      body: '{"password":"pw"}',
    });
    expect(await last.json()).toMatchObject({ burned: true, remaining_views: 0 });
    expect((await fetch(`${base}/api/v1/shares/${id}/meta`)).status).toBe(404);
  } finally {
    if (server) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** Every entry under `folder` whose mode is not private (folders 0700, files without group or other bits). */
async function exposedEntries(folder: string): Promise<string[]> {
  const exposed: string[] = [];
  const root = await stat(folder);
  if ((root.mode & 0o777) !== 0o700) exposed.push(`. ${(root.mode & 0o777).toString(8)}`);
  for (const name of await readdir(folder, { recursive: true })) {
    const entry = await lstat(path.join(folder, name));
    const mode = entry.mode & 0o777;
    if (entry.isDirectory() ? mode !== 0o700 : (mode & 0o077) !== 0)
      exposed.push(`${name} ${mode.toString(8)}`);
  }
  return exposed;
}

/** Gives every folder under `folder` mode 0755 and every file 0666, as older versions left them. */
async function loosenModes(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const name of await readdir(folder, { recursive: true })) {
    const entry = path.join(folder, name);
    await chmod(entry, (await lstat(entry)).isDirectory() ? 0o755 : 0o666);
  }
}

test("DATA_DIR is private under umask 022, and a start repairs the modes an older version left", async () => {
  test.setTimeout(timeouts.serverTest);
  const parent = await mkdtemp(path.join(tmpdir(), "notes-private-"));
  // A folder the server creates itself (mkdtemp's own is 0700 already).
  const dataDir = path.join(parent, "data");
  const umask = process.umask(0o022);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dataDir);
    const created = await fetch(`${server.url}/api/v1/shares`, {
      method: "POST",
      body: JSON.stringify({ content: "private", ttl: "1h" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const files = await readdir(dataDir, { recursive: true });
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(expect.arrayContaining(["encryption-key", "pglite.lock", "pglite/PG_VERSION"]));
    expect(await exposedEntries(dataDir)).toEqual([]);
    await server.stop();
    server = undefined;
    expect(await exposedEntries(dataDir)).toEqual([]);

    await loosenModes(dataDir);
    await writeFile(path.join(dataDir, "left-by-hand.txt"), "x", { mode: 0o644 });
    expect((await exposedEntries(dataDir)).length).toBeGreaterThan(500);
    server = await startServer(dataDir);
    expect(await exposedEntries(dataDir)).toEqual([]);
    const read = await fetch(`${server.url}/api/v1/shares/${id}/read`, { method: "POST" });
    expect(await read.json()).toMatchObject({ content: "private" });
  } finally {
    process.umask(umask);
    if (server) await server.stop();
    await rm(parent, { recursive: true, force: true });
  }
});
