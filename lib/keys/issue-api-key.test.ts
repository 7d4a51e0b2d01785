import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../db";
import { logLinesOf } from "../test/log-lines";
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
    // Postgres text cannot hold U+0000, so this insert fails inside the database; the log gets one
    // JSON line naming the error by class and code, never the label or the key it carried.
    const marker = `label-${Math.random().toString(36).slice(2)}`;
    const lines = await logLinesOf(() =>
      expect(issueApiKey({ label: `nul\u0000${marker}` })).rejects.toMatchObject({
        code: "key_generation_failed",
      }),
    );
    expect(lines).toEqual([
      {
        level: "error",
        msg: "could not store a new API key",
        error: expect.stringMatching(/^\w+ \(code /),
        stack: expect.any(Array),
      },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(new RegExp(`${marker}|nsk_`));
  });

  it("revoking an unknown key returns null", async () => {
    expect(await revokeApiKey({ keyOrId: generateApiKey() })).toBeNull();
    expect(await revokeApiKey({ keyOrId: "00000000-0000-0000-0000-000000000000" })).toBeNull();
  });
});
