import { createCipheriv, hkdfSync, pbkdf2Sync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bytesSha256Hex } from "./digest";
import { EnvelopeError, openNoteWithFilesKey, sealNote } from "./envelope";
import {
  FILE_CHUNK_BYTES,
  FileEnvelopeError,
  chunkCount,
  decryptFileChunk,
  decryptFileChunks,
  encryptFileChunks,
  fileKey,
  newFileSalt,
  plainChunkSize,
  wireChunkSize,
} from "./file-envelope";
import { reasonsBy } from "../test/envelope-failures";
import { MiB } from "../byte-units";

/** `bytes` in pieces of `piece` bytes, as a file stream or a download's body gives them. */
async function* piecesOf(bytes: Uint8Array, piece: number) {
  for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
}

async function collect(chunks: AsyncIterable<Uint8Array>) {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

const concat = (chunks: Uint8Array[]) => new Uint8Array(Buffer.concat(chunks));

const reasonOf = reasonsBy(FileEnvelopeError, EnvelopeError);

/** A note with files of these sizes, sealed: its link key, its files' keys and their wire chunks. */
async function sealedNote(sizes: number[], password?: string) {
  const contents = sizes.map((size) => new Uint8Array(randomBytes(size)));
  const files = sizes.map((size, index) => ({
    name: `f${index}.bin`,
    type: "application/octet-stream",
    size,
    salt: newFileSalt(),
  }));
  const sealed = await sealNote({ pages: [], files }, { password });
  const keys = await Promise.all(files.map((file) => fileKey(sealed.filesKey, file.salt)));
  const wires = await Promise.all(
    contents.map((content, index) =>
      collect(encryptFileChunks(keys[index]!, piecesOf(content, 65_536), content.length)),
    ),
  );
  return { sealed, contents, files, keys, wires };
}

describe("chunking", () => {
  it("cuts files in 1 MiB chunks, an empty file in one empty chunk, each sealed with 16 bytes more", () => {
    expect(FILE_CHUNK_BYTES).toBe(MiB);
    expect([0, 1, MiB, MiB + 1, 3 * MiB + 5].map(chunkCount)).toEqual([1, 1, 1, 2, 4]);
    expect(wireChunkSize(0, 0)).toBe(16);
    expect(wireChunkSize(MiB, 0)).toBe(MiB + 16);
    expect([0, 1, 2, 3].map((index) => plainChunkSize(3 * MiB + 5, index))).toEqual([MiB, MiB, MiB, 5]);
    expect(() => plainChunkSize(MiB, 1)).toThrow(RangeError);
    expect(() => wireChunkSize(5, -1)).toThrow(RangeError);
  });
});

describe("the file envelope", () => {
  it("round-trips files of 0 B, 1 B, 1 MiB, 1 MiB + 1 and 3 MiB + 5 through the note's files key", async () => {
    const sizes = [0, 1, MiB, MiB + 1, 3 * MiB + 5];
    const { sealed, contents, files, wires } = await sealedNote(sizes, "pässword");
    const opened = await openNoteWithFilesKey(sealed.envelope, sealed.key, "pässword");
    expect(opened.document).toEqual({ pages: [], files });
    for (const [index, size] of sizes.entries()) {
      const wire = wires[index]!;
      expect(wire.map((chunk) => chunk.length)).toEqual(
        Array.from({ length: chunkCount(size) }, (_, chunk) => wireChunkSize(size, chunk)),
      );
      // The reader derives the key again from what opening the note handed on, and reads the
      // download's body in pieces that do not follow the chunks.
      const key = await fileKey(opened.filesKey, opened.document.files![index]!.salt);
      const plaintext = concat(await collect(decryptFileChunks(key, piecesOf(concat(wire), 100_003), size)));
      expect(plaintext.length).toBe(size);
      expect(bytesSha256Hex(plaintext)).toBe(bytesSha256Hex(contents[index]!));
    }
  });

  it("refuses a file cut after a chunk, or after fewer bytes, as truncated", async () => {
    const { keys, wires, files } = await sealedNote([3 * MiB + 5]);
    const [key, wire, size] = [keys[0]!, wires[0]!, files[0]!.size];
    expect(await reasonOf(decryptFileChunk(key, 2, true, wire[2]! as Uint8Array<ArrayBuffer>))).toBe(
      "truncated",
    );
    const withoutLast = concat(wire.slice(0, 3));
    expect(await reasonOf(collect(decryptFileChunks(key, piecesOf(withoutLast, MiB), size)))).toBe(
      "truncated",
    );
    const shortened = concat(wire).subarray(0, -1);
    expect(await reasonOf(collect(decryptFileChunks(key, piecesOf(shortened, MiB), size)))).toBe("truncated");
  });

  it("refuses bytes after the last chunk, and a last chunk read as a middle one", async () => {
    const { keys, wires } = await sealedNote([MiB]);
    const [key, wire] = [keys[0]!, wires[0]!];
    const appended = concat([...wire, new Uint8Array(1)]);
    expect(await reasonOf(collect(decryptFileChunks(key, piecesOf(appended, MiB), MiB)))).toBe("bad_chunk");
    expect(await reasonOf(decryptFileChunk(key, 0, false, wire[0]! as Uint8Array<ArrayBuffer>))).toBe(
      "bad_chunk",
    );
  });

  it("refuses reordered chunks: a later one as bad_chunk, the first one as a wrong key", async () => {
    const { keys, wires, files } = await sealedNote([3 * MiB + 5]);
    const [key, [zero, one, two, three], size] = [keys[0]!, wires[0]!, files[0]!.size];
    const read = (chunks: Uint8Array[]) =>
      reasonOf(collect(decryptFileChunks(key, piecesOf(concat(chunks), MiB), size)));
    expect(await read([zero!, one!, two!, three!])).toBe("opened");
    expect(await read([zero!, two!, one!, three!])).toBe("bad_chunk");
    expect(await read([one!, zero!, two!, three!])).toBe("wrong_key");
  });

  it("refuses a chunk spliced in from another file of the same note", async () => {
    const { keys, wires } = await sealedNote([2 * MiB, 2 * MiB]);
    const [a, b] = [wires[0]!, wires[1]!];
    const read = (chunks: Uint8Array[]) =>
      reasonOf(collect(decryptFileChunks(keys[0]!, piecesOf(concat(chunks), MiB), 2 * MiB)));
    expect(await read([a[0]!, b[1]!])).toBe("bad_chunk");
    expect(await read([b[0]!, a[1]!])).toBe("wrong_key");
    expect(await read(b)).toBe("wrong_key");
  });

  it("refuses a flipped bit anywhere, in the ciphertext or the tag", async () => {
    const { keys, wires } = await sealedNote([2 * MiB + 7]);
    const wire = wires[0]!;
    for (const [chunk, at, reason] of [
      [0, 12_345, "wrong_key"],
      [1, 0, "bad_chunk"],
      [2, 7 + 15, "bad_chunk"],
    ] as const) {
      const flipped = wire.map((bytes) => new Uint8Array(bytes));
      flipped[chunk]![at]! ^= 0x04;
      const read = collect(decryptFileChunks(keys[0]!, piecesOf(concat(flipped), 65_536), 2 * MiB + 7));
      expect(await reasonOf(read)).toBe(reason);
    }
  });

  it("opens only with its note's key and password", async () => {
    const { sealed, wires, files } = await sealedNote([5], "right");
    expect(await reasonOf(openNoteWithFilesKey(sealed.envelope, sealed.key, "wrong"))).toBe("wrong_key");
    const other = await sealNote("another note", { password: "right" });
    const wrongKey = await fileKey(other.filesKey, files[0]!.salt);
    expect(await reasonOf(collect(decryptFileChunks(wrongKey, piecesOf(wires[0]![0]!, 64), 5)))).toBe(
      "wrong_key",
    );
    // The password in its other Unicode spelling opens the note, and so the file.
    const opened = await openNoteWithFilesKey(sealed.envelope, sealed.key, "right".normalize("NFD"));
    const key = await fileKey(opened.filesKey, files[0]!.salt);
    expect((await decryptFileChunk(key, 0, true, wires[0]![0]! as Uint8Array<ArrayBuffer>)).length).toBe(5);
  });

  it("seals exactly the declared size: more or fewer bytes from the source fail", async () => {
    const { keys } = await sealedNote([0]);
    const seal = (bytes: number, size: number) =>
      reasonOf(collect(encryptFileChunks(keys[0]!, piecesOf(new Uint8Array(bytes), 1000), size)));
    expect(await seal(MiB, MiB + 1)).toBe("size_mismatch");
    expect(await seal(MiB + 1, MiB)).toBe("size_mismatch");
    expect(await seal(0, 1)).toBe("size_mismatch");
    expect(await seal(1, 0)).toBe("size_mismatch");
  });

  it("streams: takes no more of the source than the chunk it seals, and yields as it goes", async () => {
    const piece = 300_000;
    const size = 12 * MiB + 3;
    let pulled = 0;
    async function* source() {
      for (let at = 0; at < size; at += piece) {
        const length = Math.min(piece, size - at);
        pulled += length;
        yield new Uint8Array(length);
      }
    }
    const { keys } = await sealedNote([0]);
    // When chunk i comes out, the source has given at most that chunk, the ones before and one piece.
    const pulledAt: number[] = [];
    for await (const chunk of encryptFileChunks(keys[0]!, source(), size)) {
      expect(chunk.length).toBe(wireChunkSize(size, pulledAt.length));
      pulledAt.push(pulled);
    }
    expect(pulledAt).toHaveLength(13);
    pulledAt.forEach((bytes, index) => expect(bytes).toBeLessThan((index + 1) * MiB + piece));
    expect(pulledAt[0]).toBe(4 * piece);
  });
});

describe("the file envelope's known answer", () => {
  // Sealed once with the key and password below; the document's one file has the salt below. If
  // the format changes, these stop matching: a new format is a new version.
  const vector = {
    envelope:
      "v1.key+password.vn68YjyyJxhfrOCgadixqg.g8HpItyeAzXQFpzx.BS9gotjakKtwFU1yDTuu4Thj8izbbpuvZDOjoU2R_iw0DRNBqL11kMUh4a" +
      "RQ1N3PPW7rMIIZtNgoBkxxKBcdduZL9xtroP6ukIMYSf2bcQO4ykQLnGNZ-B-iKQPyGM07-MS-xSBBRVI2g6_xWjxUVDV1gCQVOjCyy2RdEinlF9" +
      "tAnIYdQmhkKKU2q_LS",
    key: "mMJw1x8pW-6ZoWLNqzPQ0nnugKhRigb5s-DWSLw9Xgw",
    password: "correct horse",
    salt: "een8I-VXt3QxgQpiTi7etA",
  };
  const size = MiB + 3;
  const plaintext = Uint8Array.from({ length: size }, (_, index) => index % 251);

  it("matches the written format, computed apart with node:crypto, and fixed digests", async () => {
    const opened = await openNoteWithFilesKey(vector.envelope, vector.key, vector.password);
    expect(opened.document.files).toEqual([
      { name: "vector.bin", type: "application/octet-stream", size, salt: vector.salt },
    ]);
    const key = await fileKey(opened.filesKey, vector.salt);
    const wire = await collect(encryptFileChunks(key, piecesOf(plaintext, 4096), size));

    // The format at the top of cli/lib/file-envelope.js, step by step with another implementation.
    const noteSalt = Buffer.from(vector.envelope.split(".")[2]!, "base64url");
    const stretched = pbkdf2Sync(vector.password, noteSalt, 600_000, 32, "sha256");
    const ikm = Buffer.concat([Buffer.from(vector.key, "base64url"), stretched]);
    const aesKey = Buffer.from(
      hkdfSync("sha256", ikm, Buffer.from(vector.salt, "base64url"), "notes-e2e file v1", 32),
    );
    const expected = [0, 1].map((index) => {
      const nonce = Buffer.alloc(12);
      nonce.writeUInt32BE(index, 7);
      nonce[11] = index === 1 ? 1 : 0;
      const cipher = createCipheriv("aes-256-gcm", aesKey, nonce).setAAD(Buffer.from("notes-e2e file v1"));
      const chunk = plaintext.subarray(index * MiB, (index + 1) * MiB);
      return Buffer.concat([cipher.update(chunk), cipher.final(), cipher.getAuthTag()]);
    });
    expect(wire.map((chunk) => Buffer.from(chunk).toString("hex"))).toEqual(
      expected.map((chunk) => chunk.toString("hex")),
    );

    expect(bytesSha256Hex(wire[0]!)).toBe("d1ab4efacd8452b4386f7754ea494522fad33375474f73c5c7270ebf37a84236");
    expect(Buffer.from(wire[1]!).toString("hex")).toBe("208bf2d5fd8768767bae9a61cfcfa400c8b6be");
  });
});
