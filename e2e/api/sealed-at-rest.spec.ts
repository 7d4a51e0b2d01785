import { execFile } from "node:child_process";
import { randomBytes, scryptSync } from "node:crypto";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { generateSealingKey, parseSealingKey, SealError, sealingKeyId } from "../../lib/crypto/seal";
import { openPage, type StoredPageText } from "../../lib/notes/note-sealing";
import { generateNoteId } from "../../lib/notes/note-id";
import { openWebhookField } from "../../lib/webhooks/webhook-sealing";
import { closePool, createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { postJson } from "../support/answer-files";
import { pgDump } from "../support/dump-database";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { apiFor } from "../support/api-for";

// Notes at rest, on a database and servers of this spec's own (HTML_MODE=trusted, to store raw HTML
// too): nothing a note says, and no webhook's signing secret or URL, is in a dump of the database or in
// the server's log; password notes do not open with the server key; notes and webhooks stored before
// sealing stay usable and get sealed; keys rotate; a key that cannot open the database stops the
// start before anything is touched.
/** The spec's server, as it last started. */
let base = "";
const run = promisify(execFile);

const MARKER = `Mk${randomBytes(8).toString("hex")}`;
const keyA = generateSealingKey();
const keyB = generateSealingKey();
const idOf = (key: string) => sealingKeyId(Buffer.from(key, "base64url"));
/** Webhook URLs with the marker in their path; nothing listens on port 9. */
const hookUrl = (name: string) => `http://127.0.0.1:9/${name}-${MARKER}`;

type Json = Record<string, unknown>;

const create = (body: Json, apiKey?: string) =>
  apiFor(base).createId(body, apiKey ? { "x-api-key": apiKey } : {});

const read = (id: string, password?: string) =>
  apiFor(base).read(id, password === undefined ? {} : { password });

test.describe("notes at rest", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase;
  let sql: pg.Pool;
  let server: ServerProcess | undefined;
  let log = "";
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  let apiKey = "";

  /** `npm run <script>` on this spec's database with these keys: its output. */
  const cli = async (script: string, args: string[], keys: string) =>
    (
      await run("npm", ["run", "--silent", script, "--", ...args], {
        env: { ...process.env, DATABASE_URL: database.url, ENCRYPTION_KEYS: keys },
        timeout: timeouts.cli,
      })
    ).stdout;

  const dump = () => pgDump(database.url);

  async function restart(keys: string) {
    if (server) {
      await server.stop();
      log += server.stdout() + server.stderr();
    }
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        HTML_MODE: "trusted",
        ENCRYPTION_KEYS: keys,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
      },
    });
    base = server.url;
  }

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("sealed");
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    await restart(keyA);
  });

  test.afterAll(async () => {
    await server?.stop();
    await closePool(sql);
    await database?.drop();
  });

  test("a dump of the database and the server's log hold nothing a note says", async () => {
    test.setTimeout(timeouts.serverTest);
    apiKey = (await cli("keys", ["issue", "--label", "sealed"], keyA)).trimEnd().split("\n").at(-1)!;
    // Subscribed to deletions only, of which there are none: nothing is ever delivered to it.
    const hook = await postJson(
      `${base}/api/v1/webhooks`,
      { url: hookUrl("created"), events: ["note.deleted"] },
      { "x-api-key": apiKey },
    );
    expect(hook.status, JSON.stringify(hook.json)).toBe(201);
    secrets.created = hook.json.secret as string;
    ids.webhook = hook.json.id as string;
    ids.markdown = await create({ content: `# ${MARKER} markdown`, ttl: "1h" });
    ids.html = await create({ content: `<p>${MARKER} html</p>`, format: "html", ttl: "1h" }, apiKey);
    ids.pages = await create({
      ttl: "1h",
      pages: [
        { title: `${MARKER} title`, content: `${MARKER} page one` },
        { title: "two", content: `<b>${MARKER}</b>`, format: "html" },
      ],
    });
    ids.password = await create({
      content: `${MARKER} behind a password`,
      ttl: "1h",
      password: `${MARKER}pw`,
      burn_after_failures: 5,
    });

    // The notes do hold the marker (so its absence below means something), and raw HTML is kept.
    expect((await read(ids.markdown)).json.content).toBe(`# ${MARKER} markdown`);
    const html = (await read(ids.html)).json;
    expect(html.raw_html).toBe(`<p>${MARKER} html</p>`);
    expect(html.html).toContain(MARKER);
    const pages = (await read(ids.pages)).json.pages as Json[];
    expect(pages.map((page) => page.title)).toEqual([`${MARKER} title`, "two"]);
    expect((await read(ids.password, `${MARKER}pw`)).json.content).toBe(`${MARKER} behind a password`);
    expect((await read(ids.password, "wrong")).status).toBe(401);

    const dumped = await dump();
    expect(dumped).toContain(ids.markdown);
    expect(dumped).toContain(ids.webhook);
    expect(dumped).not.toContain(MARKER);
    expect(dumped).not.toContain(Buffer.from(MARKER).toString("hex"));
    expect(secrets.created).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(dumped).not.toContain(secrets.created!.slice("whsec_".length));
    expect(dumped).not.toContain("127.0.0.1:9");
    const [stored] = (await sql.query<{ secret: string; url: string }>("SELECT secret, url FROM webhooks"))
      .rows;
    expect(stored!.secret.startsWith(`v1.${idOf(keyA)}.`)).toBe(true);
    expect(stored!.url.startsWith(`v1.${idOf(keyA)}.`)).toBe(true);
    const keyAOnly = [parseSealingKey(keyA)!];
    expect(openWebhookField(keyAOnly, ids.webhook, "secret", stored!.secret)).toBe(secrets.created);
    expect(openWebhookField(keyAOnly, ids.webhook, "url", stored!.url)).toBe(hookUrl("created"));
    const sealedBy = await sql.query<{ sealed_by: string; pages: number }>(
      "SELECT sealed_by, count(*)::int AS pages FROM share_pages GROUP BY sealed_by ORDER BY pages",
    );
    expect(sealedBy.rows).toEqual([
      { sealed_by: "pw", pages: 1 },
      { sealed_by: idOf(keyA), pages: 4 },
    ]);
    expect(server?.stdout() ?? "").toContain('"msg":"request"');
    expect((server?.stdout() ?? "") + (server?.stderr() ?? "")).not.toContain(MARKER);
  });

  test("a password note does not open with the database and the server key", async () => {
    const { rows } = await sql.query<StoredPageText>(
      "SELECT page_index, title, content, html, raw_html, sealed_by FROM share_pages WHERE share_id = $1",
      [ids.password],
    );
    const [page] = rows;
    expect(page?.sealed_by).toBe("pw");
    const serverKey = parseSealingKey(keyA);
    expect(() => openPage([serverKey!], ids.password!, page!)).toThrow(SealError);
    // The right password still opens it, through the API.
    expect((await read(ids.password!, `${MARKER}pw`)).json.content).toBe(`${MARKER} behind a password`);
  });

  test("notes and webhooks stored before sealing stay usable, and npm run reseal seals them", async () => {
    test.setTimeout(timeouts.serverTest);
    const legacy = generateNoteId();
    const legacyPassword = generateNoteId();
    const salt = randomBytes(16);
    const oldHash = scryptSync("old pw", salt, 32, { N: 2 ** 14, r: 8, p: 5 });
    const hash = ["scrypt", 16384, 8, 5, salt.toString("base64url"), oldHash.toString("base64url")].join("$");
    // As the upgrade leaves a database that holds pages stored before sealing.
    await sql.query("INSERT INTO plaintext_fallback DEFAULT VALUES");
    for (const [id, passwordHash] of [
      [legacy, null],
      [legacyPassword, hash],
    ] as const) {
      await sql.query(
        `INSERT INTO shares (id, expires_at, password_hash, content_type, page_count, multi_page, size_bytes)
         VALUES ($1, now() + interval '1 hour', $2, 'markdown', 1, false, 20)`,
        [id, passwordHash],
      );
      await sql.query(
        `INSERT INTO share_pages (share_id, page_index, title, content, content_type, html)
         VALUES ($1, 0, NULL, $2, 'markdown', $3)`,
        [id, `old ${MARKER}`, `<p>old ${MARKER}</p>`],
      );
    }
    // A webhook of before sealing (secret and URL): the owner of the first webhook gets a second one.
    secrets.legacy = `whsec_${randomBytes(24).toString("base64")}`;
    const legacyHook = await sql.query<{ id: string }>(
      `INSERT INTO webhooks (api_key_id, url, events, secret)
       SELECT api_key_id, $1, events, $2 FROM webhooks WHERE id = $3 RETURNING id`,
      [hookUrl("legacy"), secrets.legacy, ids.webhook],
    );
    ids.legacyWebhook = legacyHook.rows[0]!.id;
    expect(await dump()).toContain(`old ${MARKER}`);
    expect(await dump()).toContain(secrets.legacy);
    expect(await dump()).toContain(hookUrl("legacy"));
    const listed = async () => {
      const response = await fetch(`${base}/api/v1/webhooks`, { headers: { "x-api-key": apiKey } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { webhooks: { url: string }[] }).webhooks.map((hook) => hook.url);
    };
    expect(await listed()).toEqual([hookUrl("created"), hookUrl("legacy")]);
    expect((await read(legacy)).json).toMatchObject({
      content: `old ${MARKER}`,
      html: `<p>old ${MARKER}</p>`,
    });

    const output = await cli("reseal", [], keyA);
    expect(output).toContain("Re-sealed 1 webhook(s)' secret and URL.");
    expect(output).toContain("Re-sealed 2 page(s).");
    expect(output).toContain("Every page is sealed now");
    const dumped = await dump();
    expect(dumped).not.toContain(MARKER);
    expect(dumped).not.toContain(secrets.legacy.slice("whsec_".length));
    const { rows } = await sql.query<{ secret: string; url: string }>(
      "SELECT secret, url FROM webhooks WHERE id = $1",
      [ids.legacyWebhook],
    );
    const keyAOnly = [parseSealingKey(keyA)!];
    expect(openWebhookField(keyAOnly, ids.legacyWebhook, "secret", rows[0]!.secret)).toBe(secrets.legacy);
    expect(openWebhookField(keyAOnly, ids.legacyWebhook, "url", rows[0]!.url)).toBe(hookUrl("legacy"));
    expect(await listed()).toEqual([hookUrl("created"), hookUrl("legacy")]);
    expect((await read(legacy)).json.content).toBe(`old ${MARKER}`);
    // A password note of before keeps its verifier and is sealed by the server key.
    expect((await read(legacyPassword, "old pw")).json.content).toBe(`old ${MARKER}`);
    expect((await read(legacyPassword, "old pw!")).status).toBe(401);
    ids.legacy = legacy;
  });

  test("rotation: the old key still opens, reseal moves everything, then the old key can go", async () => {
    test.setTimeout(timeouts.serverTest);
    await restart(`${keyB},${keyA}`);
    expect((await read(ids.markdown!)).json.content).toBe(`# ${MARKER} markdown`);
    ids.afterRotation = await create({ content: `${MARKER} new key`, ttl: "1h" });

    const output = await cli("reseal", [], `${keyB},${keyA}`);
    expect(output).toContain("Re-sealed 2 webhook(s)' secret and URL.");
    expect(output).toContain("Re-sealed 6 page(s).");
    expect(output).toContain(`key(s) ${idOf(keyA)} any more`);
    const { rows } = await sql.query<{ sealed_by: string }>(
      "SELECT DISTINCT sealed_by, sealed_by = 'pw' AS pw FROM share_pages ORDER BY pw DESC",
    );
    expect(rows.map((row) => row.sealed_by)).toEqual(["pw", idOf(keyB)]);
    const hooks = await sql.query<{ id: string; secret: string; url: string }>(
      "SELECT id, secret, url FROM webhooks ORDER BY id",
    );
    const keyBOnly = [parseSealingKey(keyB)!];
    const opened = (field: "secret" | "url") =>
      hooks.rows.map((hook) => openWebhookField(keyBOnly, hook.id, field, hook[field])).sort();
    expect(opened("secret")).toEqual([secrets.created, secrets.legacy].sort());
    expect(opened("url")).toEqual([hookUrl("created"), hookUrl("legacy")]);

    await restart(keyB);
    expect((await read(ids.markdown!)).json.content).toBe(`# ${MARKER} markdown`);
    expect((await read(ids.legacy!)).json.content).toBe(`old ${MARKER}`);
    expect((await read(ids.afterRotation)).json.content).toBe(`${MARKER} new key`);
    expect((await read(ids.password!, `${MARKER}pw`)).json.content).toBe(`${MARKER} behind a password`);
  });

  test("a key that does not open the database stops the start and touches nothing", async () => {
    test.setTimeout(timeouts.serverTest);
    await server?.stop();
    log += (server?.stdout() ?? "") + (server?.stderr() ?? "");
    server = undefined;
    const before = await dump();
    for (const keys of [keyA, generateSealingKey()]) {
      const refused = startServer({
        env: { DATABASE_URL: database.url, HTML_MODE: "trusted", ENCRYPTION_KEYS: keys },
      });
      await expect(refused).rejects.toThrow(
        `Cannot start: The configured encryption keys (${idOf(keys)}) cannot open notes in this database: ` +
          `some were sealed with key ${idOf(keyB)}, which is not among them. Nothing was read or changed.`,
      );
    }
    expect(await dump()).toBe(before);
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain(secrets.created!.slice("whsec_".length));
  });
});
