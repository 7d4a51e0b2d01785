import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isWellFormedApiKey, publicPrefix } from "../keys/api-key-format";
import { generateNoteId, isNoteId } from "../notes/note-id";
import { hashPassword, verifyPassword } from "./password-hash";
import { randomAlphanumeric } from "./random-string";
import { generateSealingKey, open, parseSealingKey, seal, sealedBy, sealingKeyFrom, SealError } from "./seal";

describe("randomAlphanumeric", () => {
  it("gives the requested length from [A-Za-z0-9] only", () => {
    for (const length of [1, 10, 43, 200])
      expect(randomAlphanumeric(length)).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
  });

  it("uses every character about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (const char of randomAlphanumeric(62 * 2000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a biased generator would push the first 8 characters near 2580.
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(300);
  });
});

describe("note ids", () => {
  it("are 10 alphanumeric characters, different every time", () => {
    const ids = new Set(Array.from({ length: 10_000 }, generateNoteId));
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(isNoteId(id)).toBe(true);
  });

  it.each(["", "abc", "AAAAAAAAAAA", "AAAAAAAAA-", "ÄAAAAAAAAA", "AAAAAAAAA\n"])(
    "%j is not an id",
    (value) => {
      expect(isNoteId(value)).toBe(false);
    },
  );
});

describe("API keys", () => {
  it("carry 256 bits: nsk_ and 43 alphanumerics, with a 12-character public prefix", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^nsk_[A-Za-z0-9]{43}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(publicPrefix(key)).toBe(key.slice(0, 12));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey()));
  });

  it.each([
    "",
    "nsk_",
    `nsk_${"a".repeat(42)}`,
    `nsk_${"a".repeat(44)}`,
    `xsk_${"a".repeat(43)}`,
    ` nsk_${"a".repeat(43)}`,
  ])("%j is malformed", (value) => expect(isWellFormedApiKey(value)).toBe(false));
});

describe("password hashing", () => {
  it("verifies the right password and refuses others", async () => {
    const { hash: stored, sealingKey } = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt2\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse", stored)).toEqual({ sealingKey });
    expect(await verifyPassword("correct horse ", stored)).toBe(null);
    expect(await verifyPassword("", stored)).toBe(null);
  });

  it("derives a sealing key that the stored verifier does not contain", async () => {
    const { hash, sealingKey } = await hashPassword("correct horse");
    expect(sealingKey.id).toBe("pw");
    expect(sealingKey.bytes).toHaveLength(32);
    expect(hash).not.toContain(sealingKey.bytes.toString("base64url"));
    expect(Buffer.from(hash.split("$")[5] ?? "", "base64url").equals(sealingKey.bytes)).toBe(false);
  });

  it("still verifies first-format hashes (32 bytes, no sealing key)", async () => {
    // The first format was scrypt with the same parameters and a 32-byte output: the verifier part.
    const { hash } = await hashPassword("old note");
    const [, n, r, p, salt] = hash.split("$");
    const { scryptSync } = await import("node:crypto");
    const old = scryptSync("old note", Buffer.from(salt ?? "", "base64url"), 32, { N: 16384, r: 8, p: 5 });
    const stored = ["scrypt", n, r, p, salt, old.toString("base64url")].join("$");
    expect(await verifyPassword("old note", stored)).toEqual({ sealingKey: null });
    expect(await verifyPassword("old note!", stored)).toBe(null);
  });

  it("salts every hash", async () => {
    expect((await hashPassword("same")).hash).not.toBe((await hashPassword("same")).hash);
  });

  it("matches canonically equivalent Unicode", async () => {
    expect(await verifyPassword("cafe\u0301", (await hashPassword("caf\u00e9")).hash)).not.toBe(null);
  });

  it("refuses malformed stored values instead of throwing", async () => {
    expect(await verifyPassword("x", "plain")).toBe(null);
    expect(await verifyPassword("x", "scrypt$1$1$1$$")).toBe(null);
  });

  it("does not block the event loop while hashing", async () => {
    // A hash computed on this thread would be done before the callback queued after it runs.
    const events: string[] = [];
    const hashing = Promise.all([hashPassword("a"), hashPassword("b")]).then(() => events.push("hashed"));
    await new Promise((resolve) => setImmediate(resolve));
    events.push("event loop ran");
    await hashing;
    expect(events).toEqual(["event loop ran", "hashed"]);
  });
});

describe("sealing (AES-256-GCM)", () => {
  const key = sealingKeyFrom(Buffer.alloc(32, 7));
  const other = sealingKeyFrom(Buffer.alloc(32, 8));

  it("round-trips, names its key, and never holds the plaintext", () => {
    const sealed = seal(key, "the launch code is 4711", "notes/v1|abc|0|content");
    expect(sealed).toMatch(new RegExp(`^v1\\.${key.id}\\.[\\w-]+$`));
    expect(key.id).toMatch(/^[\w-]{8}$/);
    expect(sealedBy(sealed)).toBe(key.id);
    expect(sealed).not.toContain("4711");
    expect(open([other, key], sealed, "notes/v1|abc|0|content")).toBe("the launch code is 4711");
    // Fresh IV every time: equal texts do not give equal values.
    expect(seal(key, "same", "a")).not.toBe(seal(key, "same", "a"));
  });

  it("refuses another place, another key, and any altered byte", () => {
    const sealed = seal(key, "secret", "notes/v1|abc|0|content");
    expect(() => open([key], sealed, "notes/v1|abd|0|content")).toThrow(SealError);
    expect(() => open([key], sealed, "notes/v1|abc|0|title")).toThrow(SealError);
    expect(() => open([other], sealed, "notes/v1|abc|0|content")).toThrow(SealError);
    const data = Buffer.from(sealed.split(".")[2] ?? "", "base64url");
    for (const index of [0, 12, data.length - 1]) {
      const altered = Buffer.from(data);
      altered[index] = (altered[index] ?? 0) ^ 1;
      const tampered = `v1.${key.id}.${altered.toString("base64url")}`;
      expect(() => open([key], tampered, "notes/v1|abc|0|content")).toThrow(SealError);
    }
    expect(() => open([key], `v1.${key.id}.AAAA`, "x")).toThrow(SealError);
  });

  it("parses base64url 32-byte keys only", () => {
    expect(parseSealingKey(generateSealingKey())?.bytes).toHaveLength(32);
    expect(parseSealingKey("short")).toBe(null);
    expect(parseSealingKey(Buffer.alloc(31).toString("base64url"))).toBe(null);
  });
});
