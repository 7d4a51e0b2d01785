import { describe, expect, it } from "vitest";
import { isCreator } from "./acting-person";

describe("isCreator", () => {
  it("holds only for the person whose id the row carries", () => {
    expect(isCreator({ id: "ann" }, { created_by: "ann" })).toBe(true);
    expect(isCreator({ id: "bob" }, { created_by: "ann" })).toBe(false);
    expect(isCreator({ id: "ann" }, { created_by: null })).toBe(false);
    expect(isCreator(null, { created_by: "ann" })).toBe(false);
    expect(isCreator(undefined, { created_by: null })).toBe(false);
  });
});
