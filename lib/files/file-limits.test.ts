import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-error";
import { checkFileLimits, chunkCount, fileChunkBytes, wireChunkSize, wireFileSize } from "./file-limits";
import { parseByteSize, parseDuration } from "./file-settings";
import { MiB } from "../byte-units";

describe("chunks", () => {
  it("cuts a file into 1 MiB chunks, an empty file into one empty chunk", () => {
    expect(fileChunkBytes).toBe(MiB);
    expect([0, 1, MiB, MiB + 1, 200 * MiB].map(chunkCount)).toEqual([1, 1, 1, 2, 200]);
    const file = { size: MiB + 1, encrypted: false };
    expect([wireChunkSize(file, 0), wireChunkSize(file, 1)]).toEqual([MiB, 1]);
    expect(wireChunkSize({ size: 0, encrypted: false }, 0)).toBe(0);
  });

  it("counts an end-to-end chunk's 16-byte tag on the wire", () => {
    const file = { size: MiB + 1, encrypted: true };
    expect([wireChunkSize(file, 0), wireChunkSize(file, 1)]).toEqual([MiB + 16, 17]);
    expect(wireFileSize(file)).toBe(MiB + 1 + 32);
    expect(wireFileSize({ size: 0, encrypted: true })).toBe(16);
    expect(wireFileSize({ size: 5, encrypted: false })).toBe(5);
  });
});

describe("checkFileLimits (defaults: 10 files, 100 MiB each, 500 MiB in all)", () => {
  const refusal = (sizes: number[]) => {
    try {
      checkFileLimits(sizes, true);
      return null;
    } catch (error) {
      return error instanceof ApiError ? [error.code, error.status, error.message] : error;
    }
  };

  it("lets files up to the limits through", () => {
    expect(refusal([100 * MiB, 100 * MiB, 100 * MiB, 100 * MiB, 100 * MiB])).toBeNull();
    expect(refusal(Array<number>(10).fill(0))).toBeNull();
  });

  it("refuses each limit with 413 and the limit in bytes and MiB", () => {
    expect(refusal(Array<number>(11).fill(0))).toEqual([
      "too_many_files",
      413,
      "A note may carry at most 10 files; this one declares 11.",
    ]);
    expect(refusal([1, 100 * MiB + 1])).toEqual([
      "file_too_large",
      413,
      "File 1 is 104857601 bytes; the limit is 104857600 bytes (100 MiB) per file.",
    ]);
    expect(refusal(Array<number>(6).fill(100 * MiB))).toEqual([
      "files_too_large",
      413,
      "The files are 629145600 bytes together; the limit is 524288000 bytes (500 MiB) per note.",
    ]);
  });
});

describe("file settings", () => {
  it("reads sizes in bytes, KiB, MiB or GiB", () => {
    expect(["1048576", "512KiB", "100MiB", "5 GiB", "2mib"].map(parseByteSize)).toEqual([
      MiB,
      512 * 1024,
      100 * MiB,
      5 * 1024 * MiB,
      2 * MiB,
    ]);
    expect(["0", "-1", "1.5MiB", "10MB", "", "MiB"].map(parseByteSize)).toEqual(Array(6).fill(null));
  });

  it("reads durations in seconds, minutes, hours or days, from a minute to 30 days", () => {
    expect(["3600", "30m", "1h", "1d", "60s"].map(parseDuration)).toEqual([3600, 1800, 3600, 86400, 60]);
    expect(["59", "31d", "1w", "", "-1h"].map(parseDuration)).toEqual(Array(5).fill(null));
  });
});
