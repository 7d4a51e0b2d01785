import { describe, expect, it } from "vitest";
import { decryptFileChunks, encryptFileChunks, fileKey, newFileSalt } from "./file-envelope";
import {
  RequestEnvelopeError,
  generateRequestKeys,
  openAnswer,
  sealAnswerWithFiles,
} from "./request-envelope";
import { reasonsBy } from "../test/envelope-failures";

// Files in an answer: their names and salts inside the r1 envelope, their chunks under a key from
// the answer's ECDH secret, so only the request's private key opens them.

const reasonOf = reasonsBy(RequestEnvelopeError);

async function collect(chunks: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

describe("answers with files", () => {
  it("open with the private key: the same names, and chunks that decrypt to the same bytes", async () => {
    const keys = await generateRequestKeys();
    const requestId = "FiLeS12345";
    const bytes = Buffer.from("id_ed25519 contents\n".repeat(100));
    const files = [
      { name: "id_ed25519", type: "application/octet-stream", size: bytes.length, salt: newFileSalt() },
    ];
    const sealed = await sealAnswerWithFiles("the key is attached", files, {
      requestId,
      publicKey: keys.publicKey,
    });
    const wire = await collect(
      encryptFileChunks(await fileKey(sealed.filesKey, files[0]!.salt), once(bytes), bytes.length),
    );
    expect(wire.length).toBe(bytes.length + 16);

    const opened = await openAnswer(sealed.envelope, { requestId, privateKey: keys.privateKey });
    expect(opened.text).toBe("the key is attached");
    expect(opened.files).toEqual(files);
    const key = await fileKey(opened.filesKey!, files[0]!.salt);
    expect((await collect(decryptFileChunks(key, once(wire), bytes.length))).equals(bytes)).toBe(true);
  });

  it("another request's private key opens neither the answer nor its files", async () => {
    const [keys, other] = await Promise.all([generateRequestKeys(), generateRequestKeys()]);
    const files = [{ name: "a.txt", type: "text/plain", size: 1, salt: newFileSalt() }];
    const sealed = await sealAnswerWithFiles("x", files, {
      requestId: "FiLeS12345",
      publicKey: keys.publicKey,
    });
    expect(
      await reasonOf(openAnswer(sealed.envelope, { requestId: "FiLeS12345", privateKey: other.privateKey })),
    ).toBe("wrong_key");
  });

  it("an answer whose files are not files (a missing salt, none at all) is bad_answer", async () => {
    const keys = await generateRequestKeys();
    const to = { requestId: "FiLeS12345", publicKey: keys.publicKey };
    const bad = [[{ name: "a.txt", type: "text/plain", size: 1 }], []];
    for (const files of bad) {
      const sealed = await sealAnswerWithFiles("x", files as never, to);
      expect(await reasonOf(openAnswer(sealed.envelope, { ...to, privateKey: keys.privateKey }))).toBe(
        "bad_answer",
      );
    }
  });

  it("a file name no disk would take opens made safe, as a note's does", async () => {
    const keys = await generateRequestKeys();
    const to = { requestId: "FiLeS12345", publicKey: keys.publicKey };
    const names = ["../etc/passwd", "..", "a\u001b[31m"];
    const files = names.map((name) => ({ name, type: "text/plain", size: 1, salt: newFileSalt() }));
    const sealed = await sealAnswerWithFiles("x", files, to);
    const opened = await openAnswer(sealed.envelope, { ...to, privateKey: keys.privateKey });
    expect(opened.files?.map((file) => file.name)).toEqual([".._etc_passwd", "file-1", "a_[31m"]);
  });
});
