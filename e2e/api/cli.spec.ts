import { isWellFormedEnvelope, keyProof, openNote } from "../../cli/lib/envelope.js";
import { expect, issueKey, test } from "../support/fixtures";
import { notesCli, writeTempFiles } from "../support/notes-cli";

// The command-line client's round trips against the test server: what it sends (an envelope unless
// --no-encrypt), what it prints, and that it reads back exactly what was written.

const linkPattern = /^(http:\/\/127\.0\.0\.1:\d+)\/([A-Za-z0-9]{10})#([A-Za-z0-9_-]{43})\n$/;
const tokenLine = /^delete-token: (ndt_[A-Za-z0-9]{43})\n$/;

/** Runs `notes create ARGS` that must succeed: the link it printed, its parts and the delete token. */
async function create(server: string, args: string[], options: { input?: string; key?: string } = {}) {
  const env = { NOTES_SERVER: server, ...(options.key && { NOTES_API_KEY: options.key }) };
  const run = await notesCli(["create", ...args], { input: options.input, env });
  expect(run, run.stderr).toMatchObject({ code: 0 });
  const link = run.stdout.trimEnd();
  return { link, id: link.split("/").pop()!.split("#")[0]!, stderr: run.stderr };
}

const text = "# Hello\n\nA note with *Markdown*, ünïcödé and a tab\t.\n";

test.describe("notes create and notes read", () => {
  test("encrypted by default from stdin: the link carries the key, the server only an envelope", async ({
    api,
    baseURL,
  }) => {
    const { link, id, stderr } = await create(baseURL!, [], { input: text });
    const [, server, , key] = linkPattern.exec(`${link}\n`) ?? [];
    expect(server).toBe(baseURL);
    expect(stderr).toMatch(tokenLine);

    const stored = await api.meta(id);
    expect(stored.json).toMatchObject({ encrypted: true, page_count: 1, password_required: false });
    const read = await notesCli(["read", link]);
    expect(read).toEqual({ code: 0, stdout: text, stderr: "" });

    // The server holds and answered an envelope, never the text or the key (read with its proof).
    const { json } = await api.read(id, { key_proof: await keyProof(key!) });
    expect(json.encrypted).toBe(true);
    expect(json.html).toBeNull();
    expect(isWellFormedEnvelope(json.content)).toBe(true);
    expect(String(json.content)).not.toContain("Hello");
    expect(String(json.content)).not.toContain(key);
    expect(await openNote(String(json.content), key!)).toEqual({
      pages: [{ title: "", content: text, format: "markdown" }],
    });
  });

  test("--no-encrypt from a file: the server renders it; read prints the text as written", async ({
    api,
    baseURL,
  }) => {
    const [file] = await writeTempFiles({ "plain.md": text });
    const { link, id } = await create(baseURL!, ["--no-encrypt", "--ttl", "1h", file!]);
    expect(link).toBe(`${baseURL}/${id}`);
    const { json } = await api.meta(id);
    expect(json).toMatchObject({ encrypted: false, content_type: "markdown" });
    expect((json.expires_at as number) - (json.created_at as number)).toBe(3600);

    expect(await notesCli(["read", link])).toEqual({ code: 0, stdout: text, stderr: "" });
    const { json: read } = await api.read(id);
    expect(read.content).toBe(text);
    expect(read.html).toContain("<em>Markdown</em>");
  });

  test("--pages: titles from the file names, formats from their extensions; read prints, --page, --json", async ({
    api,
    baseURL,
  }) => {
    const files = await writeTempFiles({ "intro.md": "# One\n", "details.html": "<p>Two</p>" });
    const document = {
      pages: [
        { title: "intro", content: "# One\n", format: "markdown" },
        { title: "details", content: "<p>Two</p>", format: "html" },
      ],
    };
    for (const encrypt of [[], ["--no-encrypt"]]) {
      const { link, id } = await create(baseURL!, ["--pages", ...encrypt, ...files], {});
      expect((await api.meta(id)).json.page_count).toBe(encrypt.length ? 2 : 1);
      const read = await notesCli(["read", link]);
      expect(read).toEqual({
        code: 0,
        stdout: "==> intro <==\n# One\n\n==> details <==\n<p>Two</p>\n",
        stderr: "",
      });
    }
    const { link } = await create(baseURL!, ["--pages", ...files]);
    expect(await notesCli(["read", "--json", link])).toEqual({
      code: 0,
      stdout: `${JSON.stringify(document)}\n`,
      stderr: "",
    });
    const { link: second } = await create(baseURL!, ["--pages", ...files]);
    expect(await notesCli(["read", "--page", "2", second])).toEqual({
      code: 0,
      stdout: "<p>Two</p>",
      stderr: "",
    });
  });

  test("--burn 1: the first read prints the note, the second exits 2 not_found", async ({ baseURL }) => {
    const { link } = await create(baseURL!, ["--burn", "1"], { input: "once" });
    expect(await notesCli(["read", link])).toEqual({ code: 0, stdout: "once", stderr: "" });
    expect(await notesCli(["read", link])).toEqual({
      code: 2,
      stdout: "",
      stderr: "notes: not_found: No such note (it may have expired or been burned).\n",
    });
  });

  test("a link without its key, or with a malformed one, exits 6 before the read counts a view", async ({
    api,
    baseURL,
  }) => {
    const { link, id } = await create(baseURL!, ["--burn", "1"], { input: "keep me" });
    const bare = link.split("#")[0]!;
    expect(await notesCli(["read", bare])).toEqual({
      code: 6,
      stdout: "",
      stderr: "notes: bad_key: the link has no key (#…): this note opens only with it\n",
    });
    expect(await notesCli(["read", `${link}x`])).toEqual({
      code: 6,
      stdout: "",
      stderr: "notes: bad_key: the link's key is malformed\n",
    });
    expect((await api.meta(id)).json.remaining_views).toBe(1);

    // Another well-formed key: its key proof is not the note's, so the server refuses the read.
    const other = `${bare}#${"A".repeat(43)}`;
    const wrong = await notesCli(["read", other]);
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toMatch(/^notes: bad_key_proof: .+\n$/);
    expect((await api.meta(id)).json.remaining_views).toBe(1);
  });

  test("with a key: --permanent and HTML; a bare id reads from --server", async ({ api, baseURL }) => {
    const key = await issueKey();
    const { link, id, stderr } = await create(baseURL!, ["--permanent", "--format", "html", "--no-encrypt"], {
      input: "<b>bold</b>",
      key,
    });
    expect(stderr).toBe("");
    expect((await api.meta(id)).json).toMatchObject({ expires_at: null, content_type: "html" });
    expect(link).toBe(`${baseURL}/${id}`);
    const read = await notesCli(["read", id, "--server", baseURL!]);
    expect(read).toEqual({ code: 0, stdout: "<b>bold</b>", stderr: "" });
  });
});
