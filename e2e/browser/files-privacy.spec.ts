import { randomBytes } from "node:crypto";
import type { BrowserContext, Request } from "@playwright/test";
import type pg from "pg";
import { downloadBy, fileInput, MiB, sha256, withoutSavePicker } from "../support/files";
import { startRecordingProxy } from "../support/recording-proxy";
import { expect, test } from "./browser-test";

// An end-to-end note's files leave the browser as ciphertext only: no request the writer's or the
// reader's browser sends carries a file's plaintext, its name or the link's key, in its body or URL,
// and the database holds none of them either (as text, or as bytes in hex). Both browsers reach the
// shared server through a recording proxy (e2e/support/recording-proxy.ts): the bodies are searched
// as they went over the wire, since Playwright does not see a body the page sends as a Blob.

type Sent = { method: string; url: string };

function recordRequests(context: BrowserContext): Sent[] {
  const sent: Sent[] = [];
  context.on("request", (request: Request) => sent.push({ method: request.method(), url: request.url() }));
  return sent;
}

const fromBase64url = (text: string) => Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");

/**
 * The tables with a row whose text (bytea as hex) holds one of `needles`. Postgres searches. Of
 * file_chunks only note `id`'s own rows: the run's database holds other specs' files of hundreds of
 * MiB, whose hex took minutes to search on a busy machine, and whose bytes are not this note's.
 */
async function tablesHolding(sql: pg.Pool, id: string, needles: string[]): Promise<string[]> {
  const { rows: tables } = await sql.query<{ name: string }>(
    "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const ownChunks =
      name === "file_chunks" ? "AND t.file_id IN (SELECT f.id FROM note_files f WHERE f.share_id = $2)" : "";
    const { rowCount } = await sql.query(
      `SELECT 1 FROM ${name} t WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) n WHERE strpos(t::text, n) > 0) ${ownChunks} LIMIT 1`,
      ownChunks ? [needles, id] : [needles],
    );
    if (rowCount) found.push(name);
  }
  return found;
}

test("no request carries a file's plaintext, its name or the key", async ({
  page,
  browser,
  sql,
  baseURL,
}) => {
  const marker = `plaintext-${randomBytes(8).toString("hex")}`;
  const name = `secret-name-${randomBytes(6).toString("hex")}.txt`;
  const content = Buffer.alloc(1.5 * MiB, marker);
  const sent = recordRequests(page.context());
  const proxy = await startRecordingProxy(Number(new URL(baseURL!).port));

  await page.goto(`${proxy.url}/`);
  await page.getByLabel("Password (optional)").fill("files need it too");
  await fileInput(page).setInputFiles([{ name, mimeType: "text/plain", buffer: content }]);
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const key = new URL(url).hash.slice(1);
  expect(url.startsWith(`${proxy.url}/`), url).toBe(true);

  const reader = await browser.newContext();
  await withoutSavePicker(reader);
  const read = recordRequests(reader);
  const readerPage = await reader.newPage();
  await readerPage.goto(url);
  await readerPage.getByLabel("Password").fill("files need it too");
  await readerPage.getByRole("button", { name: "Reveal note" }).click();
  const saved = await downloadBy(readerPage, () =>
    readerPage.getByRole("button", { name: `Download ${name}` }).click(),
  );
  expect(saved).toEqual({ name, sha256: sha256(content) });
  await reader.close();
  const wire = Buffer.from(proxy.traffic(), "latin1");
  await proxy.close();

  // The two chunks went up as ciphertext of their exact sizes, each 16 bytes over its plaintext.
  expect(sent.filter((request) => request.method === "PUT")).toHaveLength(2);
  expect(proxy.bodyLengths(/^PUT \/api\/v1\/shares\/\w+\/files\/0\/chunks\/\d+$/)).toEqual([
    MiB + 16,
    0.5 * MiB + 16,
  ]);
  expect(wire.length).toBeGreaterThan(1.5 * MiB);
  expect(wire.includes(new URL(url).pathname), "the note's id went through the proxy").toBe(true);
  const secrets = [Buffer.from(marker), Buffer.from(name), Buffer.from(key), fromBase64url(key)];
  for (const secret of secrets) expect(wire.includes(secret), secret.toString("hex")).toBe(false);
  for (const request of [...sent, ...read]) {
    for (const secret of secrets) {
      expect(request.url.includes(secret.toString()), request.url).toBe(false);
    }
  }
  expect(
    read.filter((request) => request.method === "POST").map((request) => new URL(request.url).pathname),
  ).toEqual([`${new URL(url).pathname.replace(/^\//, "/api/v1/shares/")}/read`]);
  const id = new URL(url).pathname.slice(1);
  const chunks = await sql.query(
    "SELECT 1 FROM file_chunks WHERE file_id IN (SELECT id FROM note_files WHERE share_id = $1)",
    [id],
  );
  expect(chunks.rowCount).toBe(2);
  expect(await tablesHolding(sql, id, [id])).toEqual(expect.arrayContaining(["shares", "note_files"]));
  const hex = secrets.map((secret) => secret.toString("hex"));
  expect(await tablesHolding(sql, id, [...hex, marker, name, key])).toEqual([]);
});
