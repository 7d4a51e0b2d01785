import { describe, expect, it } from "vitest";
import { parseByteBudget } from "./file-settings";

describe("parseByteBudget", () => {
  it("reads a size per duration, or off", () => {
    expect(parseByteBudget("1GiB/1h")).toEqual({ bytes: 1024 ** 3, windowMs: 3_600_000 });
    expect(parseByteBudget(" 3MiB/10m ")).toEqual({ bytes: 3 * 1024 ** 2, windowMs: 600_000 });
    expect(parseByteBudget("OFF")).toBe("off");
  });

  it("refuses anything else", () => {
    for (const text of ["1GiB", "1GiB/", "/1h", "0/1h", "1GiB/10s", "1GiB/1h/1h", "1TiB/1h"]) {
      expect(parseByteBudget(text)).toBeNull();
    }
  });
});
