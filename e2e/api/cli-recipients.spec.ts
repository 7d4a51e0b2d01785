import { expect, issueKey, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";

// `notes create --recipient LABEL ...`: one link per recipient on stdout, `<link><TAB><label>`, the
// owner handle and the delete token on stderr; each link reads and burns on its own.

const key = "[A-Za-z0-9_-]{43}";
const id = "[A-Za-z0-9]{10}";
const notFound = "notes: not_found: No such note (it may have expired or been burned).\n";

type Line = { link: string; label: string };

/** stdout's `<link>\t<label>` lines. */
const linesOf = (stdout: string): Line[] =>
  stdout
    .trimEnd()
    .split("\n")
    .map((line) => {
      const [link = "", ...label] = line.split("\t");
      return { link, label: label.join("\t") };
    });

test.describe("notes create --recipient", () => {
  test("encrypted, keyless: a line per recipient with the same key; each link burns on its own", async ({
    api,
    baseURL,
  }) => {
    const created = await notesCli(
      ["create", "--burn", "1", "--recipient", "Alice", "--recipient", " Bob\tB. ", "--server", baseURL!],
      { input: "for two" },
    );
    expect(created.code, created.stderr).toBe(0);
    const [alice, bob] = linesOf(created.stdout) as [Line, Line];
    // The server trims labels; a tab inside one stays, after the link's own tab.
    expect(linesOf(created.stdout).map((line) => line.label)).toEqual(["Alice", "Bob\tB."]);
    for (const { link } of [alice, bob]) expect(link).toMatch(new RegExp(`^${baseURL}/${id}#${key}$`));
    expect(alice.link.split("#")[1]).toBe(bob.link.split("#")[1]);
    const [, owner, token] =
      new RegExp(`^owner-link: ${baseURL}/(${id})\ndelete-token: (ndt_${key})\n$`).exec(created.stderr) ?? [];
    expect(
      new Set([owner, alice.link, bob.link].map((link) => link!.split("/").pop()!.split("#")[0])).size,
    ).toBe(3);
    expect((await api.meta(owner!)).json).toMatchObject({
      encrypted: true,
      live_links: 2,
      remaining_views: 2,
    });

    expect(await notesCli(["read", alice.link])).toEqual({ code: 0, stdout: "for two", stderr: "" });
    expect(await notesCli(["read", alice.link])).toEqual({ code: 2, stdout: "", stderr: notFound });
    const log = await notesCli(["events", `${baseURL}/${owner}`, "--token", token!, "--server", baseURL!]);
    expect(log.code, log.stderr).toBe(0);
    const entries = (JSON.parse(log.stdout) as { events: { type: string; recipient: string | null }[] })
      .events;
    expect(entries.map(({ type, recipient }) => [type, recipient])).toEqual([
      ["created", null],
      ["created", "Alice"],
      ["created", "Bob\tB."],
      ["read", "Alice"],
      ["burned", "Alice"],
    ]);

    // Deleting through the owner handle takes the whole note: Bob's link is gone too.
    expect(
      await notesCli(["delete", `${baseURL}/${owner}`, "--token", token!, "--server", baseURL!]),
    ).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(await notesCli(["read", bob.link])).toEqual({ code: 2, stdout: "", stderr: notFound });
  });

  test("--no-encrypt with a key: plain links, the owner handle alone on stderr", async ({ api, baseURL }) => {
    const created = await notesCli(
      ["create", "--no-encrypt", "--recipient", "Ann", "--recipient", "Ben", "--recipient", "Cy"],
      { input: "plain", env: { NOTES_SERVER: baseURL!, NOTES_API_KEY: await issueKey() } },
    );
    expect(created.code, created.stderr).toBe(0);
    const lines = linesOf(created.stdout);
    expect(lines.map((line) => line.label)).toEqual(["Ann", "Ben", "Cy"]);
    for (const { link } of lines) expect(link).toMatch(new RegExp(`^${baseURL}/${id}$`));
    const [, owner] = new RegExp(`^owner-link: ${baseURL}/(${id})\n$`).exec(created.stderr) ?? [];
    expect((await api.meta(owner!)).json).toMatchObject({ encrypted: false, live_links: 3 });
    expect(await notesCli(["read", lines[2]!.link])).toEqual({ code: 0, stdout: "plain", stderr: "" });
    const meta = await notesCli(["meta", `${baseURL}/${owner}`]);
    expect(JSON.parse(meta.stdout)).toMatchObject({ id: owner, live_links: 3, remaining_views: null });
  });

  test("labels the server refuses exit 7 bad_recipients; a line break exits 1 before any request", async ({
    baseURL,
  }) => {
    const create = (labels: string[]) =>
      notesCli(["create", "--server", baseURL!, ...labels.flatMap((label) => ["--recipient", label])], {
        input: "x",
      });
    expect(await create(["Solo"])).toEqual({
      code: 7,
      stdout: "",
      stderr: "notes: bad_recipients: recipients: must have at least 2 recipients\n",
    });
    expect(await create(["Ann", " ann "])).toEqual({
      code: 7,
      stdout: "",
      stderr:
        "notes: bad_recipients: recipients: must not repeat a label (compared without case and surrounding spaces)\n",
    });
    expect(await create(["Ann", "x".repeat(101)])).toEqual({
      code: 7,
      stdout: "",
      stderr: "notes: bad_recipients: recipients[1]: must hold labels of at most 100 characters\n",
    });
    expect(await create(["Ann", "Two\nlines"])).toEqual({
      code: 1,
      stdout: "",
      stderr: 'notes: usage: a --recipient label cannot hold a line break: "Two\\nlines"\n',
    });
    expect(await notesCli(["read", "--recipient", "Ann", "AAAAAAAAAA"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "notes: usage: notes read does not take --recipient\n",
    });
  });
});
