import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../db";
import { generateApiKey } from "./api-key-format";
import { issueApiKey } from "./issue-api-key";
import { revokeApiKey } from "./revoke-api-key";

afterAll(closeDatabase);

describe("issueApiKey", () => {
  it("returns the key once and stores it findable by key, id and prefix", async () => {
    const issued = await issueApiKey({ label: "  unit  " });
    expect(issued.label).toBe("unit");
    expect(issued.prefix).toBe(issued.key.slice(0, 12));
    const revoked = await revokeApiKey({ keyOrId: issued.key });
    expect(revoked?.id).toBe(issued.id);
    const again = await revokeApiKey({ keyOrId: issued.id });
    expect(again?.revokedAt).toEqual(revoked?.revokedAt);
  });

  it("retries a prefix collision, then gives 503 key_generation_failed", async () => {
    const taken = await issueApiKey({ label: "first" });
    const fresh = generateApiKey();
    const keys = [taken.key, fresh];
    expect((await issueApiKey({ label: "second", generateKey: () => keys.shift() ?? "" })).key).toBe(fresh);

    let attempts = 0;
    const generateKey = () => {
      attempts++;
      return taken.key;
    };
    await expect(issueApiKey({ label: "third", generateKey })).rejects.toMatchObject({
      code: "key_generation_failed",
      status: 503,
    });
    expect(attempts).toBe(3);
  });

  it("gives key_generation_failed when the database refuses the row", async () => {
    // Postgres text cannot hold U+0000, so this insert fails inside the database.
    await expect(issueApiKey({ label: "nul\u0000label" })).rejects.toMatchObject({
      code: "key_generation_failed",
    });
  });

  it("revoking an unknown key returns null", async () => {
    expect(await revokeApiKey({ keyOrId: generateApiKey() })).toBeNull();
    expect(await revokeApiKey({ keyOrId: "00000000-0000-0000-0000-000000000000" })).toBeNull();
  });
});
