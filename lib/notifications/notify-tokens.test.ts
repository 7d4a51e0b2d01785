import { describe, expect, it } from "vitest";
import { generateSealingKey, parseSealingKey } from "../crypto/seal";
import { scopeOf, tokenFor } from "./notify-tokens";

// A notification link's token opens exactly the one thing it names, as the server wrote it.

const key = parseSealingKey(generateSealingKey())!;
const other = parseSealingKey(generateSealingKey())!;
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("notification tokens", () => {
  it("name their scope, and only the key that made them opens them", () => {
    const token = tokenFor(key, { kind: "note", id: "q3WvB8xZ1k" });
    expect(token).toMatch(/^note\.q3WvB8xZ1k\.[\w-]{22}$/);
    expect(scopeOf([key], token)).toEqual({ kind: "note", id: "q3WvB8xZ1k" });
    expect(scopeOf([other, key], token)).toEqual({ kind: "note", id: "q3WvB8xZ1k" });
    expect(scopeOf([other], token)).toBeNull();
    expect(scopeOf([key], token.replace("note.", "request."))).toBeNull();
  });

  it("refuse every other spelling of the last character, even one that decodes to the same bytes", () => {
    const token = tokenFor(key, { kind: "request", id: "Zy0aB1cD2e" });
    const others = [...alphabet].filter((char) => char !== token.at(-1));
    expect(others).toHaveLength(63);
    for (const char of others) expect(scopeOf([key], token.slice(0, -1) + char)).toBeNull();
  });
});
