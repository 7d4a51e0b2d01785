import { describe, expect, it } from "vitest";
import { generateRequestKeys } from "../crypto/request-envelope";
import { generateSealingKey, parseSealingKey, seal } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { createRequest } from "./create-request";
import { getRequest } from "./get-request";
import { requestTextsSealedBy, resealRequestTexts } from "./reseal-request-texts";
import { resealRequestTextsSql, requestTextsToResealSql } from "./request-sql";
import { testClient } from "../test/test-client";

// Re-sealing requests' texts on the test run's shared database, whose requests are all sealed by
// its one key: the statements are tested on this file's own rows (key rotation itself, with the
// old key removed afterwards, is e2e/api/requests-at-rest.spec.ts).

const client = testClient();

async function newRequest() {
  const keys = await generateRequestKeys();
  const body = {
    title: "Key",
    instructions: "",
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
  };
  return (await createRequest({ body, apiKey: null })).id;
}

const stored = async (id: string) =>
  (await client.query("SELECT title, instructions FROM requests WHERE id = $1", [id])).rows[0] as {
    title: string;
    instructions: string;
  };

describe("re-sealing requests' texts", () => {
  it("writes a request only if its texts are as they were read", async () => {
    const id = await newRequest();
    const before = await stored(id);
    const [key] = sealingKeys();
    const resealed = {
      id,
      title: seal(key, "Key", `requests/v1|${id}|title`),
      instructions: seal(key, "", `requests/v1|${id}|instructions`),
    };
    const write = async (was: { title: string; instructions: string }) =>
      (
        await queryRows<{ resealed: number }>(
          resealRequestTextsSql([{ ...resealed, was_title: was.title, was_instructions: was.instructions }]),
        )
      )[0]?.resealed;

    expect(await write({ ...before, title: `${before.title}x` })).toBe(0);
    expect(await write({ ...before, instructions: "changed meanwhile" })).toBe(0);
    expect(await stored(id)).toEqual(before);
    expect(await write(before)).toBe(1);
    expect(await stored(id)).toEqual({ title: resealed.title, instructions: resealed.instructions });
    expect(await getRequest(id)).toMatchObject({ title: "Key", instructions: "" });
  });

  it("picks only requests another key sealed, and knows which keys are in use", async () => {
    const id = await newRequest();
    const [key] = sealingKeys();
    const other = parseSealingKey(generateSealingKey())!;
    const picked = async (keyId: string) =>
      (await queryRows<{ id: string }>(requestTextsToResealSql(keyId, "", 100_000))).map((row) => row.id);
    expect(await picked(key.id)).not.toContain(id);
    expect(await picked(other.id)).toContain(id);
    expect(await requestTextsSealedBy(key.id)).toBe(true);
    expect(await requestTextsSealedBy(other.id)).toBe(false);
    // Every request here is sealed by the one key: nothing to do, nothing unopenable.
    expect(await resealRequestTexts()).toEqual({ resealed: 0, unopenable: 0 });
  });
});
