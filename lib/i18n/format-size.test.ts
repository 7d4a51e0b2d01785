import { describe, expect, it } from "vitest";
import { formatSize } from "./format-size";

describe("formatSize", () => {
  it("counts bytes up to 1023, then binary units with one decimal below 100", () => {
    expect(formatSize(0, "en")).toBe("0 B");
    expect(formatSize(1023, "en")).toBe("1,023 B");
    expect(formatSize(1024, "en")).toBe("1 KiB");
    expect(formatSize(1536, "en")).toBe("1.5 KiB");
    expect(formatSize(1048577, "en")).toBe("1 MiB");
    expect(formatSize(200 * 1048576, "en")).toBe("200 MiB");
    expect(formatSize(5 * 1073741824, "de")).toBe("5 GiB");
    expect(formatSize(1.25 * 1073741824, "de")).toBe("1,3 GiB");
    expect(formatSize(1536, "ru")).toBe("1,5 KiB");
    expect(formatSize(1536, "he")).toBe("1.5 KiB");
  });
});
