import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { noteCounters } from "../../lib/test/note-counters";
import { uploadChunks, type CreatedFiles } from "../support/file-transfer";
import { expect, npmScript, test } from "../support/fixtures";
import { membersOnlySite, refusal } from "../support/members-only-site";
import { notesCli } from "../support/notes-cli";

// Notes and requests for members only from the command line: a personal API key (from /me) makes a
// program one of the members, sent only to the configured server and only once the server asked for
// it; without one, or with an admin-issued key, the CLI exits 4 with `sign_in_required` and nothing
// is spent.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const site = membersOnlySite("people_members_cli");

/** A personal key of `login`, issued on /me's API as their page does. */
async function personalKey(browser: import("@playwright/test").Browser, login: string): Promise<string> {
  const member = await site.member(browser, login);
  const issued = await member.request.post(`${site.app()}/me/api/keys`, {
    headers: { origin: site.app(), "sec-fetch-site": "same-origin" },
    data: { label: "laptop" },
  });
  expect(issued.status()).toBe(201);
  const { key } = (await issued.json()) as { key: string };
  await member.close();
  return key;
}

test("the CLI reads a note for members only, and its file, only with a personal key", async ({
  browser,
  request,
}) => {
  const bytes = Buffer.from("members' file from the CLI");
  const note = (await site.create(request, "/api/v1/shares", {
    content: "members only, read by a program",
    ttl: "1h",
    burn_after: 2,
    sign_in_required: true,
    files: [{ name: "a.txt", type: "text/plain", size: bytes.length }],
  })) as unknown as CreatedFiles;
  await uploadChunks(note.files[0]!.upload_url, note.upload_token, [bytes]);
  const link = `${site.app()}/${note.id}`;
  const env = { NOTES_SERVER: site.app() };
  const views = async () => (await noteCounters(site.sql(), note.id))?.read_count;

  const anonymous = await notesCli(["read", link], { env });
  expect([anonymous.code, anonymous.stdout]).toEqual([4, ""]);
  expect(anonymous.stderr).toBe(
    "notes: sign_in_required: only people signed in can open this: set NOTES_API_KEY (or --key) to a personal API key from the service's /me page\n",
  );
  const adminKey = (await npmScript("keys", ["issue", "--label", "ci"], site.databaseUrl())).at(-1)!;
  const byAdminKey = await notesCli(["read", link], { env: { ...env, NOTES_API_KEY: adminKey } });
  expect([byAdminKey.code, byAdminKey.stderr.split(":")[1]]).toEqual([4, " sign_in_required"]);
  const key = await personalKey(browser, "grace");
  // The key goes to the configured server only: the same note under another name for the host is refused.
  const elsewhere = link.replace("127.0.0.1", "localhost");
  const foreign = await notesCli(["read", elsewhere], { env: { ...env, NOTES_API_KEY: key } });
  expect([foreign.code, foreign.stderr.split(":")[1]]).toEqual([1, " foreign_server"]);
  expect(
    await refusal(
      await request.get(`${link.replace(note.id, `api/v1/shares/${note.id}/meta`)}`, {
        headers: { "x-api-key": `${key.slice(0, -2)}xx` },
      }),
    ),
  ).toEqual([401, "bad_api_key"]);
  expect(await views()).toBe(0);

  const folder = await mkdtemp(path.join(tmpdir(), "notes-members-cli-"));
  try {
    const read = await notesCli(["read", link, "--save", folder], { env: { ...env, NOTES_API_KEY: key } });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toBe("members only, read by a program");
    expect(await readFile(path.join(folder, "a.txt"))).toEqual(bytes);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  expect(await views()).toBe(1);
});

test("the CLI answers and reads a request for members only with a personal key", async ({
  browser,
  request,
}) => {
  const keys = await generateRequestKeys();
  const created = await site.create(request, "/api/v1/requests", {
    title: "Members' password",
    ttl: "1h",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
    sign_in_required: true,
  });
  const publicLink = `${site.app()}/requests/${String(created.id)}`;
  const env = { NOTES_SERVER: site.app() };
  const anonymous = await notesCli(["request", "answer", publicLink, "-"], { env, input: "hunter2" });
  expect([anonymous.code, anonymous.stderr.split(":")[1]]).toEqual([4, " sign_in_required"]);
  const key = await personalKey(browser, "heidi");
  const withKey = { ...env, NOTES_API_KEY: key };
  const answered = await notesCli(["request", "answer", publicLink, "-"], { env: withKey, input: "hunter2" });
  expect(answered.code, answered.stderr).toBe(0);
  expect(answered.stderr).toBe('answered: answer 1 of "Members\' password"\n');

  const privateLink = `${publicLink}#${keys.privateKey}`;
  const unsigned = await notesCli(["request", "read", privateLink, "--json"], { env });
  expect([unsigned.code, unsigned.stderr.split(":")[1]]).toEqual([4, " sign_in_required"]);
  const read = await notesCli(["request", "read", privateLink, "--json"], { env: withKey });
  expect(read.code, read.stderr).toBe(0);
  expect(JSON.parse(read.stdout)).toMatchObject([{ number: 1, text: "hunter2" }]);
});
