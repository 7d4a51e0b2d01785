import { describe, expect, it } from "vitest";
import { addViewHint, hasViewHint } from "./view-hint";

describe("the view hint", () => {
  it("keeps 10,000 ids and forgets the one hinted first", () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => `bound${String(i).padStart(5, "0")}`);
    for (const id of ids.slice(0, 10_000)) addViewHint(id);
    addViewHint(ids[1] ?? "");
    expect(hasViewHint(ids[0] ?? "")).toBe(true);
    addViewHint(ids[10_000] ?? "");
    expect(hasViewHint(ids[0] ?? "")).toBe(false);
    expect(ids.slice(1).every(hasViewHint)).toBe(true);
  });
});
