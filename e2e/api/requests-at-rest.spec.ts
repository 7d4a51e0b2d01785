import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { generateSealingKey, sealingKeyId } from "../../lib/crypto/seal";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { dumpDatabase } from "../support/dump-database";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Requests' titles and instructions across a key rotation, on a database and server of this spec's
// own: `npm run reseal` moves them to the new key (expired requests the cleanup has not deleted
// yet included), after which the old key can go (once no stored file is sealed by it either) and
// the pages still show them.
const run = promisify(execFile);
const keyA = generateSealingKey();
const keyB = generateSealingKey();
const idOf = (key: string) => sealingKeyId(Buffer.from(key, "base64url"));

test.describe("requests at rest", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  const restart = async (keys: string) => {
    await server?.stop();
    server = await startServer({ env: { DATABASE_URL: database.url, ENCRYPTION_KEYS: keys } });
  };

  async function createRequest(title: string, instructions: string): Promise<string> {
    const keys = await generateRequestKeys();
    const response = await fetch(`${server?.url}/api/v1/requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title,
        instructions,
        ttl: "1h",
        public_key: keys.publicKey,
        owner_proof: keys.ownerProof,
      }),
    });
    const json = (await response.json()) as { id: string };
    expect(response.status, JSON.stringify(json)).toBe(201);
    return json.id;
  }

  /** The public page's HTML: the server renders the title and instructions into it. */
  const publicPage = async (id: string) => {
    const response = await fetch(`${server?.url}/requests/${id}`);
    return { status: response.status, html: await response.text() };
  };

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("requests_at_rest");
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("npm run reseal moves titles and instructions to the new key, and the old key can go", async () => {
    test.setTimeout(timeouts.serverTest * 2);
    await restart(keyA);
    const live = await createRequest("Rotated title", "Rotated instructions\nline two");
    const expired = await createRequest("Expired title", "");
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      // Expired, but not yet deleted by the cleanup: its sealed texts are still in the database.
      await sql.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
        expired,
      ]);
      const sealedBy = async () =>
        (
          await sql.query<{ title: string; instructions: string }>(
            "SELECT substr(title, 1, 12) AS title, substr(instructions, 1, 12) AS instructions FROM requests ORDER BY id",
          )
        ).rows.flatMap((row) => [row.title, row.instructions]);
      expect(await sealedBy()).toEqual(Array(4).fill(`v1.${idOf(keyA)}.`));

      // A live note with a server-sealed file: files are not re-sealed, so the key that sealed one
      // must stay (the note keeps the cleanup away from the file's row).
      await sql.query(
        `INSERT INTO shares (id, expires_at, content_type, page_count, multi_page, size_bytes)
         VALUES ('FiLeKePt00', now() + interval '1 hour', 'markdown', 1, false, 1)`,
      );
      await sql.query(
        `INSERT INTO note_files (share_id, file_index, size_bytes, chunk_count, sealed_by, chunks_sealed_by)
         VALUES ('FiLeKePt00', 0, 1, 1, $1, $1)`,
        [idOf(keyA)],
      );

      await restart(`${keyB},${keyA}`);
      expect((await publicPage(live)).html).toContain("Rotated title");
      const sealedWithB = await createRequest("Sealed with the new key", "already");
      const reseal = async () =>
        (
          await run("npm", ["run", "--silent", "reseal"], {
            env: { ...process.env, DATABASE_URL: database.url, ENCRYPTION_KEYS: `${keyB},${keyA}` },
            timeout: timeouts.cli,
          })
        ).stdout;
      const first = await reseal();
      expect(first).toContain("Re-sealed 2 request(s)' title and instructions.");
      expect(first).toContain(`Key(s) ${idOf(keyA)} still seal stored values`);
      expect(first).not.toContain("may be removed");
      expect(await sealedBy()).toEqual(Array(6).fill(`v1.${idOf(keyB)}.`));

      // Once the file is gone, a second run finds nothing left to move, and the old key can go.
      await sql.query("DELETE FROM note_files WHERE share_id = 'FiLeKePt00'");
      await sql.query("DELETE FROM shares WHERE id = 'FiLeKePt00'");
      const second = await reseal();
      expect(second).toContain("Re-sealed 0 request(s)' title and instructions.");
      expect(second).toContain(`Nothing is sealed with key(s) ${idOf(keyA)} any more`);
      const dumped = await dumpDatabase(database.url);
      expect(dumped).toContain(`v1.${idOf(keyB)}.`);
      expect(dumped).not.toContain(`v1.${idOf(keyA)}.`);
      expect(dumped).not.toContain("Rotated");

      await restart(keyB);
      const page = await publicPage(live);
      expect(page.status).toBe(200);
      expect(page.html).toContain("<h1>Rotated title</h1>");
      expect(page.html).toContain("Rotated instructions\nline two");
      expect((await publicPage(sealedWithB)).html).toContain("<h1>Sealed with the new key</h1>");
      const api = (await (await fetch(`${server?.url}/api/v1/requests/${live}`)).json()) as Record<
        string,
        unknown
      >;
      expect([api.title, api.instructions]).toEqual(["Rotated title", "Rotated instructions\nline two"]);
      expect((await publicPage(expired)).status).toBe(404);
    } finally {
      await sql.end();
    }
  });
});
