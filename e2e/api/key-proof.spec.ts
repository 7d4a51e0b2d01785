import { keyProof, sealNote } from "../../lib/crypto/envelope";
import { events } from "../support/recipients";
import { expect, expectError, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";

// A read of an end-to-end note must prove it holds the link's key: the client sends the key proof
// (HKDF of the link's key, lib/crypto/envelope.ts) when it creates the note, the server keeps its
// hash, and a read without it, or with another, is 403 bad_key_proof and spends nothing. Notes
// created without a proof (before it existed) are read as before.

const ttl = "1h";
const badKeyProof = (read: Parameters<typeof expectError>[0]) => expectError(read, 403, "bad_key_proof");

test.describe("key proofs of end-to-end notes", () => {
  test("a read without the proof, or with another key's, spends no view; with it, reads", async ({
    api,
    request,
    sql,
  }) => {
    const sealed = await sealNote("proven");
    const created = await api.create({
      content: sealed.envelope,
      key_proof: sealed.keyProof,
      encrypted: true,
      ttl,
      burn_after: 2,
    });
    expect(created.response.status()).toBe(201);
    const id = created.json.id as string;
    const token = created.json.delete_token as string;

    const other = await sealNote("other");
    await badKeyProof(api.read(id));
    await badKeyProof(api.read(id, {}));
    await badKeyProof(api.read(id, { key_proof: other.keyProof }));
    await badKeyProof(api.read(id, { key_proof: sealed.key }));
    await badKeyProof(api.read(id, { key_proof: "" }));
    await badKeyProof(api.read(id, { key_proof: `${sealed.keyProof}A` }));
    await expectError(api.read(id, { key_proof: 42 }), 400, "bad_json");
    expect((await api.meta(id)).json).toMatchObject({ remaining_views: 2, encrypted: true });

    const read = await api.read(id, { key_proof: sealed.keyProof });
    expect(read.response.status()).toBe(200);
    expect(read.json).toMatchObject({ content: sealed.envelope, remaining_views: 1, burned: false });
    expect((await api.read(id, { key_proof: await keyProof(sealed.key) })).json).toMatchObject({
      remaining_views: 0,
      burned: true,
    });
    await expectError(api.read(id, { key_proof: sealed.keyProof }), 404, "not_found");

    // The refusals are not reads: the access log has the two that were.
    const log = await events(request, id, { "x-delete-token": token });
    expect(log.map((entry) => entry.type)).toEqual(["created", "read", "read", "burned"]);
    // Only a hash of the proof is stored.
    const { rows } = await sql.query("SELECT key_proof_hash FROM shares WHERE id = $1", [id]);
    expect(rows[0].key_proof_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(sealed.keyProof);
  });

  test("a retry with the read's Idempotency-Key must bring the proof too: without it, or with another, 403", async ({
    api,
  }) => {
    const sealed = await sealNote("kept for the proof");
    const id = await api.createId({
      content: sealed.envelope,
      key_proof: sealed.keyProof,
      encrypted: true,
      ttl,
      burn_after: 1,
    });
    const retry = { "idempotency-key": crypto.randomUUID() };
    const first = await api.read(id, { key_proof: sealed.keyProof }, retry);
    expect(first.json).toMatchObject({ content: sealed.envelope, burned: true });
    // The note is burned: only its kept answer is left, and it opens as the note did.
    await badKeyProof(api.read(id, {}, retry));
    await badKeyProof(api.read(id, { key_proof: (await sealNote("other")).keyProof }, retry));
    const again = await api.read(id, { key_proof: sealed.keyProof }, retry);
    expect(again.response.status()).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  test("the proof is checked before the password: a missing one costs no attempt", async ({ api }) => {
    const sealed = await sealNote("guarded", { password: "pw1" });
    const id = await api.createId({
      content: sealed.envelope,
      key_proof: sealed.keyProof,
      encrypted: true,
      ttl,
      password: "pw1",
      burn_after: 1,
      burn_after_failures: 1,
    });
    await badKeyProof(api.read(id, { password: "pw1" }));
    await badKeyProof(api.read(id, { password: "wrong" }));
    expect((await api.meta(id)).json).toMatchObject({ remaining_views: 1, password_attempts_left: 1 });
    await expectError(api.read(id, { key_proof: sealed.keyProof }), 401, "bad_password");
    expect((await api.meta(id)).json).toMatchObject({ password_attempts_left: 1 });
    const read = await api.read(id, { key_proof: sealed.keyProof, password: "pw1" });
    expect(read.json).toMatchObject({ content: sealed.envelope, burned: true });
  });

  test("each recipient's link needs the proof of the one key all the links carry", async ({ api }) => {
    const sealed = await sealNote("for two");
    const { json } = await api.create({
      content: sealed.envelope,
      key_proof: sealed.keyProof,
      encrypted: true,
      ttl,
      burn_after: 1,
      recipients: ["Alice", "Bob"],
    });
    const links = json.links as { id: string }[];
    expect(links).toHaveLength(2);
    for (const link of links) {
      await badKeyProof(api.read(link.id));
      expect((await api.meta(link.id)).json.remaining_views).toBe(1);
      const read = await api.read(link.id, { key_proof: sealed.keyProof });
      expect(read.json).toMatchObject({ content: sealed.envelope, burned: true });
    }
    // The owner handle is read through its links only, proof or not.
    await expectError(api.read(json.id as string, { key_proof: sealed.keyProof }), 404, "not_found");
  });

  test("notes created without a proof are read as before, with or without one", async ({ api }) => {
    const sealed = await sealNote("older");
    const id = await api.createId({ content: sealed.envelope, encrypted: true, ttl, burn_after: 3 });
    expect((await api.read(id)).json).toMatchObject({ content: sealed.envelope, remaining_views: 2 });
    const other = await sealNote("x");
    expect((await api.read(id, { key_proof: other.keyProof })).json).toMatchObject({ remaining_views: 1 });
    const plain = await api.createId({ content: "plain", ttl });
    expect((await api.read(plain, { key_proof: other.keyProof })).json).toMatchObject({ content: "plain" });
  });

  test("create refuses a proof that is malformed, or beside a note that is not end to end", async ({
    api,
  }) => {
    const { envelope, keyProof: proof } = await sealNote("x");
    const cases: Record<string, unknown>[] = [
      { content: envelope, encrypted: true, ttl, key_proof: `${proof}A` },
      { content: envelope, encrypted: true, ttl, key_proof: "" },
      { content: envelope, encrypted: true, ttl, key_proof: 42 },
      { content: envelope, encrypted: true, ttl, key_proof: null },
      { content: "plain", ttl, key_proof: proof },
      { content: envelope, encrypted: false, ttl, key_proof: proof },
    ];
    for (const body of cases) await expectError(api.create(body), 400, "bad_envelope");
  });
});

test.describe("key proofs in the command-line client", () => {
  test("create sends the proof, read sends it; a link with another key spends nothing", async ({
    api,
    baseURL,
  }) => {
    const created = await notesCli(["create", "--burn", "2", "--server", baseURL!], { input: "cli proof" });
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trimEnd();
    const id = link.split("/").pop()!.split("#")[0]!;
    await badKeyProof(api.read(id));

    const other = await sealNote("x");
    const wrong = await notesCli(["read", `${baseURL}/${id}#${other.key}`]);
    expect(wrong.code).toBe(6);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toMatch(/^notes: bad_key_proof: .*No view was spent\.\n$/);
    expect((await api.meta(id)).json.remaining_views).toBe(2);

    expect(await notesCli(["read", link])).toEqual({ code: 0, stdout: "cli proof", stderr: "" });
    expect((await api.meta(id)).json.remaining_views).toBe(1);
  });
});
