import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer as startServerProcess, type ServerProcess } from "../support/server-process";
import { testPorts } from "../support/ports";
import { timeouts } from "../support/timeouts";

// A smoke run of the default: no DATABASE_URL, so the server runs on embedded PGlite under
// DATA_DIR, applies its migrations at start, and keeps data across a restart. Without
// ENCRYPTION_KEYS either, the first start writes the key file the notes are sealed with.
const port = testPorts.embeddedDatabase;
const base = `http://127.0.0.1:${port}`;

const startServer = (dataDir: string) =>
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

    server = await startServer(dataDir);
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
