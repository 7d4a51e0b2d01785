import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SealError, sealingKeyFrom } from "../crypto/seal";
import { openChunk, openFileLabel, sealChunk, sealFileLabel } from "./file-sealing";

const key = sealingKeyFrom(randomBytes(32));
const otherKey = sealingKeyFrom(randomBytes(32));

describe("server-sealed file chunks", () => {
  const fileId = randomUUID();
  const plaintext = randomBytes(1000);
  const place = { fileId, index: 3, last: false };

  it("opens what it sealed, 28 bytes longer at rest", () => {
    const sealed = sealChunk(key, place, plaintext);
    expect(sealed.length).toBe(plaintext.length + 28);
    expect(sealed.includes(plaintext.subarray(0, 32))).toBe(false);
    expect(openChunk([otherKey, key], key.id, place, sealed)).toEqual(plaintext);
  });

  it("refuses a chunk moved to another file, index or end, altered, or under another key", () => {
    const sealed = sealChunk(key, place, plaintext);
    const moved = [
      { ...place, fileId: randomUUID() },
      { ...place, index: 4 },
      { ...place, last: true },
    ];
    for (const elsewhere of moved)
      expect(() => openChunk([key], key.id, elsewhere, sealed)).toThrow(SealError);
    const altered = Buffer.from(sealed);
    altered[20] = (altered[20] ?? 0) ^ 1;
    expect(() => openChunk([key], key.id, place, altered)).toThrow(SealError);
    expect(() => openChunk([key], key.id, place, sealed.subarray(0, 27))).toThrow(SealError);
    expect(() => openChunk([otherKey], otherKey.id, place, sealed)).toThrow(SealError);
    expect(() => openChunk([otherKey], key.id, place, sealed)).toThrow(SealError);
  });

  it("seals an empty chunk too", () => {
    const last = { fileId, index: 0, last: true };
    expect(openChunk([key], key.id, last, sealChunk(key, last, new Uint8Array(0)))).toEqual(Buffer.alloc(0));
  });
});

describe("file names and types", () => {
  it("are sealed to their note and file", () => {
    const label = { name: "report ü.pdf", type: "application/pdf" };
    const sealed = sealFileLabel(key, "AbCdEfGhIj", 1, label);
    expect(sealed.name).not.toContain("report");
    expect(openFileLabel([key], "AbCdEfGhIj", 1, sealed)).toEqual(label);
    expect(() => openFileLabel([key], "AbCdEfGhIj", 0, sealed)).toThrow(SealError);
    expect(() => openFileLabel([key], "ZZCdEfGhIj", 1, sealed)).toThrow(SealError);
  });
});
