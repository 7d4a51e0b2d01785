import { hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  EnvelopeError,
  isWellFormedEnvelope,
  isWellFormedKey,
  isWellFormedKeyProof,
  keyProof,
  openNote,
  sealNote,
} from "./envelope";
import { reasonsBy, tamper } from "../test/envelope-failures";

const reasonOf = reasonsBy(EnvelopeError);

describe("the end-to-end envelope", () => {
  it("round-trips text and multi-page documents, titles included, and shows none of it", async () => {
    const text = "# Überschrift\n\nThe code is **4711** 🔑";
    const sealed = await sealNote(text);
    expect(isWellFormedKey(sealed.key)).toBe(true);
    expect(isWellFormedEnvelope(sealed.envelope)).toBe(true);
    expect(sealed.envelope).toMatch(/^v1\.key\.[\w-]{22}\.[\w-]{16}\.[\w-]+$/);
    expect(await openNote(sealed.envelope, sealed.key)).toEqual({
      pages: [{ title: "", content: text, format: "markdown" }],
    });

    const document = {
      pages: [
        { title: "Secret title", content: "one", format: "markdown" as const },
        { title: "Second", content: "<b>two</b>", format: "html" as const },
      ],
    };
    const multi = await sealNote(document);
    expect(multi.envelope).not.toContain("Secret");
    expect(atob(multi.envelope.split(".")[4]!.replace(/-/g, "+").replace(/_/g, "/"))).not.toContain("Secret");
    expect(await openNote(multi.envelope, multi.key)).toEqual(document);
  });

  it("uses a fresh key, salt and iv for every note", async () => {
    const [a, b] = await Promise.all([sealNote("same"), sealNote("same")]);
    expect(a!.key).not.toBe(b!.key);
    expect(a!.envelope.split(".").slice(2, 4)).not.toEqual(b!.envelope.split(".").slice(2, 4));
  });

  it("round-trips half a megabyte", async () => {
    const text = "x".repeat(512 * 1024);
    const sealed = await sealNote(text);
    expect((await openNote(sealed.envelope, sealed.key)).pages[0]!.content).toBe(text);
  });

  it("with a password, opens only with the key and the password together", async () => {
    const sealed = await sealNote("guarded", { password: "hunter2" });
    expect(sealed.envelope.startsWith("v1.key+password.")).toBe(true);
    expect((await openNote(sealed.envelope, sealed.key, "hunter2")).pages[0]!.content).toBe("guarded");
    expect(await reasonOf(openNote(sealed.envelope, sealed.key))).toBe("needs_password");
    expect(await reasonOf(openNote(sealed.envelope, sealed.key, "hunter3"))).toBe("wrong_key");
    const other = await sealNote("x");
    expect(await reasonOf(openNote(sealed.envelope, other.key, "hunter2"))).toBe("wrong_key");
  });

  it("refuses a changed salt, iv or ciphertext, and a changed mode, as a wrong key", async () => {
    const sealed = await sealNote("tamper me", { password: "pw" });
    for (const part of [2, 3, 4]) {
      expect(await reasonOf(openNote(tamper(sealed.envelope, part), sealed.key, "pw"))).toBe("wrong_key");
    }
    // Claiming the key alone opens it (the mode is bound as associated data) does not help either.
    const downgraded = sealed.envelope.replace("v1.key+password.", "v1.key.");
    expect(await reasonOf(openNote(downgraded, sealed.key, "pw"))).toBe("wrong_key");
    // Swapping in another note's ciphertext under this header fails too.
    const other = await sealNote("other", { password: "pw" });
    const spliced = [...sealed.envelope.split(".").slice(0, 4), other.envelope.split(".")[4]].join(".");
    expect(await reasonOf(openNote(spliced, sealed.key, "pw"))).toBe("wrong_key");
  });

  it("says which of key, envelope or document is wrong", async () => {
    const sealed = await sealNote("x");
    expect(await reasonOf(openNote(sealed.envelope, ""))).toBe("bad_key");
    expect(await reasonOf(openNote(sealed.envelope, sealed.key.slice(1)))).toBe("bad_key");
    expect(await reasonOf(openNote(sealed.envelope.replace(/^v1/, "v2"), sealed.key))).toBe("bad_envelope");
    expect(await reasonOf(openNote("plain text", sealed.key))).toBe("bad_envelope");
  });

  it("checks shapes: keys of 256 bits with one spelling, envelopes of version 1", async () => {
    const { key, envelope } = await sealNote("x");
    expect(isWellFormedKey(`${key}A`)).toBe(false);
    expect(isWellFormedKey(`${key.slice(0, 42)}B`)).toBe(false);
    expect(isWellFormedKey(key.replace(/.$/, "+"))).toBe(false);
    expect(isWellFormedKey(42)).toBe(false);
    expect(isWellFormedEnvelope(`${envelope}A`)).toBe(envelope.split(".")[4]!.length % 4 !== 0);
    expect(isWellFormedEnvelope(`${envelope}AAAA`)).toBe(true);
    expect(isWellFormedEnvelope(envelope.replace(".key.", ".none."))).toBe(false);
    expect(isWellFormedEnvelope(envelope.split(".").slice(0, 4).join("."))).toBe(false);
    expect(isWellFormedEnvelope(`${envelope}.x`)).toBe(false);
    expect(isWellFormedEnvelope({ envelope })).toBe(false);
  });

  it("refuses a document that opens but is not a note", async () => {
    const notANote = await sealNote({ pages: [] });
    expect(await reasonOf(openNote(notANote.envelope, notANote.key))).toBe("bad_document");
    const badPage = await sealNote({ pages: [{ title: 1, content: "x", format: "pdf" }] } as never);
    expect(await reasonOf(openNote(badPage.envelope, badPage.key))).toBe("bad_document");
  });
});

// "café" spelt two ways: a precomposed é (NFC), and e followed by a combining acute accent (NFD).
const precomposed = "caf\u00e9";
const combining = "cafe\u0301";

describe("passwords in either Unicode spelling", () => {
  it("opens a note sealed with one spelling by the other, both ways", async () => {
    for (const [sealedWith, openedWith] of [
      [precomposed, combining],
      [combining, precomposed],
    ] as const) {
      const sealed = await sealNote("au lait", { password: sealedWith });
      expect((await openNote(sealed.envelope, sealed.key, openedWith)).pages[0]!.content).toBe("au lait");
    }
  });

  it("still opens an envelope sealed before passwords were normalised, with the password as typed", async () => {
    // Sealed by the previous version of sealNote with the combining spelling, taken as it was typed.
    const legacy = {
      envelope:
        "v1.key+password.IPvVGwxQdXurZVKuvaxv8Q.0HSgsY1NTX4VdTYM.a1_2Nro4iV0x662iJxFuvxYweFmN4Th0JMfW_dfnMIYQD6Zt" +
        "Mt9fMupuoq0tYemx-rSajlOMB6TYy1gAaDaRvBRomqLYxTodofhwMFx6PJhEsrJIsGgVi9F5",
      key: "tHMedEa7gzGckLwWzh3-n0Bsfv7gjxD9x4XpdLwqXvs",
    };
    const opened = await openNote(legacy.envelope, legacy.key, combining);
    expect(opened.pages[0]!.content).toBe("sealed before NFC");
    expect(await reasonOf(openNote(legacy.envelope, legacy.key, "cafe"))).toBe("wrong_key");
  });
});

describe("the key proof", () => {
  it("is HKDF-SHA256 of the link's key under its own label, the same for every client", async () => {
    const sealed = await sealNote("x");
    const expected = Buffer.from(
      hkdfSync("sha256", Buffer.from(sealed.key, "base64url"), Buffer.alloc(0), "notes-e2e key-proof v1", 32),
    ).toString("base64url");
    expect(sealed.keyProof).toBe(expected);
    expect(await keyProof(sealed.key)).toBe(expected);
    expect(isWellFormedKeyProof(sealed.keyProof)).toBe(true);
    expect(sealed.keyProof).not.toBe(sealed.key);
  });

  it("differs from key to key, not from note to note, and needs a well-formed key", async () => {
    const [a, b] = await Promise.all([sealNote("same"), sealNote("same")]);
    expect(a.keyProof).not.toBe(b.keyProof);
    const withPassword = await sealNote("x", { password: "pw" });
    expect(await keyProof(withPassword.key)).toBe(withPassword.keyProof);
    expect(await reasonOf(keyProof(a.key.slice(1)))).toBe("bad_key");
    expect(isWellFormedKeyProof(`${a.keyProof}A`)).toBe(false);
    expect(isWellFormedKeyProof(undefined)).toBe(false);
  });
});
