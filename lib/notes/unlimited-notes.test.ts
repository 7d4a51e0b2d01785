import { describe, expect, it } from "vitest";
import { rememberUnlimited, seenUnlimited } from "./unlimited-notes";

describe("the notes seen without a view limit", () => {
  it("keeps 10,000 ids and forgets the one remembered first", () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => `bound${String(i).padStart(5, "0")}`);
    for (const id of ids.slice(0, 10_000)) rememberUnlimited(id);
    rememberUnlimited(ids[1] ?? "");
    expect(seenUnlimited(ids[0] ?? "")).toBe(true);
    rememberUnlimited(ids[10_000] ?? "");
    expect(seenUnlimited(ids[0] ?? "")).toBe(false);
    expect(ids.slice(1).every(seenUnlimited)).toBe(true);
  });
});
