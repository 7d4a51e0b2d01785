import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// What `npm start` prints before its request log, as a newcomer reads it (docs/operations.md, "The
// database"): where the generated key is and that it must be backed up, once, on the start that
// made it; the admin page's address when ADMIN_SECRET is set; and first Next.js's own line on loading
// its configuration, which only its internals could silence (docs/development.md, "The log").

const adminSecret = "start-up-messages-secret";

/**
 * The lines a server started with PORT=0 wrote before its request log (the JSON lines), its stderr,
 * and the port it answered on (which its "Listening on" line must name: not 0, the one it took).
 */
async function startLines(env: Record<string, string | undefined>) {
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ env });
    expect(server.port).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
    // Without the colour codes Next.js puts around its ✓ when FORCE_COLOR is set (Playwright sets it).
    const lines = stripVTControlCharacters(server.stdout()).split("\n");
    return {
      lines: lines.slice(
        0,
        lines.findIndex((line) => line.startsWith("{")),
      ),
      stderr: server.stderr(),
      port: server.port,
    };
  } finally {
    await server?.stop("SIGKILL");
  }
}

test("the generated key is named once, the admin page's address always, and nothing else", async () => {
  test.setTimeout(timeouts.serverTest);
  const dataDir = await mkdtemp(path.join(tmpdir(), "notes-start-messages-"));
  const embedded = {
    DATABASE_URL: undefined,
    ENCRYPTION_KEYS: undefined,
    DATA_DIR: dataDir,
    HOST: undefined,
  };
  const rateLimits = expect.stringMatching(/^Rate limits: kept in this process's memory/);
  const nextConfig = expect.stringMatching(/^✓ Running next\.config\.mjs took \d+ms$/);
  try {
    const first = await startLines({
      ...embedded,
      ADMIN_SECRET: adminSecret,
      PUBLIC_URL: "https://notes.example.test/",
    });
    expect(first).toEqual({
      lines: [
        nextConfig,
        `Generated the encryption key of the embedded database: ${path.join(dataDir, "encryption-key")}. ` +
          "Back it up together with the data: without it no note can be read.",
        "The database is open and migrated.",
        rateLimits,
        `Listening on http://localhost:${first.port}`,
        "Admin page: https://notes.example.test/admin",
      ],
      stderr: "",
      port: first.port,
    });

    // The same folder again: the key is there, so nothing is said of it; without PUBLIC_URL the
    // admin page is where the server listens.
    const again = await startLines({ ...embedded, ADMIN_SECRET: adminSecret });
    expect(again.lines).toEqual([
      nextConfig,
      "The database is open and migrated.",
      rateLimits,
      `Listening on http://localhost:${again.port}`,
      `Admin page: http://localhost:${again.port}/admin`,
    ]);

    // Without ADMIN_SECRET there is no admin page to name.
    const plain = await startLines(embedded);
    expect(plain.lines).toEqual([
      nextConfig,
      "The database is open and migrated.",
      rateLimits,
      `Listening on http://localhost:${plain.port}`,
    ]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
