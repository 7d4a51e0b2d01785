import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { generateSealingKey } from "../../lib/crypto/seal";
import { generateNoteId } from "../../lib/notes/note-id";
import { closePool, createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { apiFor } from "../support/api-for";

// Pages the service did not seal, on a database and server of this spec's own. A page without a
// seal (sealed_by NULL) is what a note stored before sealing looks like, and what someone who can
// write the database but has no key can add: it is served only by a database upgraded from before
// sealing, until `npm run reseal` has sealed every such page. A page whose sealed text was altered
// answers a clear error.
const run = promisify(execFile);
const key = generateSealingKey();
const hostileHtml = "<img src=x onerror=alert(document.cookie)>";

test.describe("pages the service did not seal", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase;
  let sql: pg.Pool;
  let server: ServerProcess | undefined;

  async function restart() {
    await server?.stop();
    server = await startServer({ env: { DATABASE_URL: database.url, ENCRYPTION_KEYS: key } });
  }

  /** `npm run reseal` on this spec's database: its exit code and output. */
  async function reseal() {
    try {
      const { stdout, stderr } = await run("npm", ["run", "--silent", "reseal"], {
        env: { ...process.env, DATABASE_URL: database.url, ENCRYPTION_KEYS: key },
        timeout: timeouts.cli,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  /** A note written straight into the database with a page that has no seal, as SQL access allows. */
  async function insertUnsealed(): Promise<string> {
    const id = generateNoteId();
    await sql.query(
      `INSERT INTO shares (id, expires_at, content_type, page_count, multi_page, size_bytes)
       VALUES ($1, now() + interval '1 hour', 'html', 1, false, 40)`,
      [id],
    );
    await sql.query(
      `INSERT INTO share_pages (share_id, page_index, content, content_type, html)
       VALUES ($1, 0, $2, 'html', $2)`,
      [id, hostileHtml],
    );
    return id;
  }

  const read = (id: string) => apiFor(server?.url ?? "").read(id);

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("unsealed");
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    await restart();
  });

  test.afterAll(async () => {
    await server?.stop();
    await closePool(sql);
    await database?.drop();
  });

  test("a database created sealed never serves a page without a seal", async () => {
    expect((await sql.query("SELECT * FROM plaintext_fallback")).rows).toEqual([]);
    const id = await insertUnsealed();
    expect(await read(id)).toEqual({
      status: 404,
      json: { error: "not_found", message: expect.any(String) },
    });
    await sql.query("DELETE FROM shares WHERE id = $1", [id]);
  });

  test("an upgraded database serves them until npm run reseal has sealed them all, then never", async () => {
    test.setTimeout(timeouts.serverTest);
    // As the upgrade leaves a database that holds pages stored before sealing.
    await sql.query("INSERT INTO plaintext_fallback DEFAULT VALUES");
    await restart();
    const before = await insertUnsealed();
    expect(await read(before)).toMatchObject({ status: 200, json: { html: hostileHtml } });

    const sealed = await reseal();
    expect(sealed.code, sealed.stderr).toBe(0);
    expect(sealed.stdout).toContain("Re-sealed 1 page(s).");
    expect(sealed.stdout).toContain("Every page is sealed now");
    expect((await sql.query("SELECT * FROM plaintext_fallback")).rows).toEqual([]);
    // The page it sealed is served as before; one written since without a seal is not, by the
    // server that ran through the re-seal, and after a restart.
    expect((await read(before)).status).toBe(200);
    const after = await insertUnsealed();
    expect(await read(after)).toMatchObject({ status: 404, json: { error: "not_found" } });
    await restart();
    expect(await read(after)).toMatchObject({ status: 404, json: { error: "not_found" } });

    // A second re-seal does not seal it (that would make it the service's): it says so and fails.
    const again = await reseal();
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("1 page(s) have no seal although this database was fully sealed before");
    const { rows } = await sql.query("SELECT sealed_by FROM share_pages WHERE share_id = $1", [after]);
    expect(rows).toEqual([{ sealed_by: null }]);
    expect((await read(after)).status).toBe(404);
  });

  test("a page whose sealed text was altered answers note_unreadable", async () => {
    const created = await fetch(`${server?.url}/api/v1/shares`, {
      method: "POST",
      body: JSON.stringify({ content: "sealed text", ttl: "1h", burn_after: 3 }),
    });
    const { id } = (await created.json()) as { id: string };
    // One character of the ciphertext changed: still a well-formed sealed value, but not the one sealed.
    await sql.query(
      `UPDATE share_pages SET content = overlay(content placing
         CASE WHEN substr(content, 20, 1) = 'A' THEN 'B' ELSE 'A' END from 20 for 1)
       WHERE share_id = $1`,
      [id],
    );
    expect(await read(id)).toEqual({
      status: 500,
      json: { error: "note_unreadable", message: expect.stringContaining("altered or damaged") },
    });
    // The log writes its lines on the next turn: it may come after the answer.
    await expect
      .poll(() => server?.logLines())
      .toContainEqual(
        expect.objectContaining({ level: "error", msg: expect.stringMatching(/answered note_unreadable$/) }),
      );
    // The read was counted: the statement that counts it commits before the page is opened
    // (docs/decisions.md, "A tampered page").
    const meta = await fetch(`${server?.url}/api/v1/shares/${id}/meta`);
    expect(await meta.json()).toMatchObject({ remaining_views: 2 });
  });
});
