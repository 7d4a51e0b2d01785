import { createDecipheriv, createECDH, hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  RequestEnvelopeError,
  generateRequestKeys,
  isValidAnswerEnvelope,
  isValidPublicKey,
  isWellFormedAnswerEnvelope,
  isWellFormedOwnerProof,
  isWellFormedPrivateKey,
  openAnswer,
  openRequestKey,
  sealAnswer,
} from "./request-envelope";
import { reasonsBy, tamper } from "../test/envelope-failures";

// A known answer, sealed once by this implementation: it must open the same way forever.
const vector = {
  requestId: "AbCdEf1234",
  privateKey:
    "SjTGteCYQ4aSdFS_v6_boyqaNeyGDQ_vdMprKioOZ3_XIf3WX-H-EQ7IJ-RExTmALQAetEgXsgm1IVBUGCEYoEOf9DEFb__cFwcf8FjZ_hHHBwrXcnoMdFQeEbuz4K-Y",
  publicKey: "BNch_dZf4f4RDsgn5ETFOYAtAB60SBeyCbUhUFQYIRigQ5_0MQVv_9wXBx_wWNn-EccHCtdyegx0VB4Ru7Pgr5g",
  ownerProof: "ZB6UvXMZLaNUWr3m3d4k5r4tP29bkq6Mt8lI5t5bHdg",
  envelope:
    "r1.BLFh8L3mhNBqZyR6JHw6WGCsKESI8XGSnJrPNU62xxEnHQ27WrYg-lvRajnSsOr_hnAYUNO9y7ckJ2H7b0mA8NQ.X9lCif2YlL4gQTMZ24WZvQ.r0EHSjJuJ6L1tIb_.2CABOKrOOgJ06SgP3uub9x43K9Fkn-B7NXAmyYDSj8-piwWrezmDEM33dTpjP5FnXhkDYTB8h3w1t_v_",
  text: "Das Passwort ist »hunter2« 🔑",
};

const reasonOf = reasonsBy(RequestEnvelopeError);

describe("the request envelope (r1)", () => {
  it("opens the known answer, and node:crypto's own ECDH, HKDF and AES-GCM open it alike", async () => {
    expect(await openAnswer(vector.envelope, vector)).toEqual({ text: vector.text });

    // The format as documented, computed without the module: ECDH(d, epk), HKDF, AES-256-GCM.
    const [, epk = "", salt = "", iv = "", ciphertext = ""] = vector.envelope.split(".");
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(vector.privateKey, "base64url").subarray(0, 32));
    expect(ecdh.getPublicKey("base64url")).toBe(vector.publicKey);
    const shared = ecdh.computeSecret(Buffer.from(epk, "base64url"));
    const info = `notes-request r1 answer ${vector.requestId}`;
    const key = Buffer.from(hkdfSync("sha256", shared, Buffer.from(salt, "base64url"), info, 32));
    const sealed = Buffer.from(ciphertext, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`r1.${epk}.${salt}.${iv}`));
    decipher.setAuthTag(sealed.subarray(-16));
    const plaintext = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    expect(JSON.parse(plaintext.toString("utf8"))).toEqual({ text: vector.text });
  });

  it("derives the known public key and owner proof from the private key, the proof by HKDF of d", async () => {
    const opened = await openRequestKey(vector.privateKey, vector.publicKey);
    expect(opened.publicKey).toBe(vector.publicKey);
    expect(opened.ownerProof).toBe(vector.ownerProof);
    const d = Buffer.from(vector.privateKey, "base64url").subarray(0, 32);
    const proof = hkdfSync("sha256", d, Buffer.alloc(0), "notes-request r1 owner-proof", 32);
    expect(Buffer.from(proof).toString("base64url")).toBe(vector.ownerProof);
  });

  it("round-trips with fresh keys; every answer has its own ephemeral key, salt and iv", async () => {
    const keys = await generateRequestKeys();
    expect(isWellFormedPrivateKey(keys.privateKey)).toBe(true);
    expect(isWellFormedOwnerProof(keys.ownerProof)).toBe(true);
    expect(await isValidPublicKey(keys.publicKey)).toBe(true);
    const to = { requestId: "Zz09Zz09Zz", publicKey: keys.publicKey };
    const [first, second] = await Promise.all([sealAnswer("same", to), sealAnswer("same", to)]);
    expect(first).not.toBe(second);
    expect(new Set([first, second].map((envelope) => envelope.split(".")[1])).size).toBe(2);
    expect(isWellFormedAnswerEnvelope(first)).toBe(true);
    expect(await isValidAnswerEnvelope(first)).toBe(true);
    const key = { requestId: to.requestId, privateKey: keys.privateKey };
    expect(await openAnswer(first, key)).toEqual({ text: "same" });
    expect(await openAnswer(await sealAnswer("", to), key)).toEqual({ text: "" });
    expect((await openRequestKey(keys.privateKey)).ownerProof).toBe(keys.ownerProof);
  });

  it("fails as wrong_key for another request's id, another key, or any changed part", async () => {
    expect(await reasonOf(openAnswer(vector.envelope, { ...vector, requestId: "AbCdEf1235" }))).toBe(
      "wrong_key",
    );
    const other = await generateRequestKeys();
    expect(await reasonOf(openAnswer(vector.envelope, { ...vector, privateKey: other.privateKey }))).toBe(
      "wrong_key",
    );
    for (const part of [2, 3, 4]) {
      expect(await reasonOf(openAnswer(tamper(vector.envelope, part), vector))).toBe("wrong_key");
    }
    // A changed ephemeral key is another point or none: either way it does not open.
    expect(["wrong_key", "bad_envelope"]).toContain(
      await reasonOf(openAnswer(tamper(vector.envelope, 1), vector)),
    );
  });

  it("refuses what is not an envelope as bad_envelope, with every shape checked", async () => {
    const parts = vector.envelope.split(".");
    const malformed = [
      "",
      "r1",
      vector.envelope.replace(/^r1/, "r2"),
      vector.envelope.replace(/^r1/, "v1"),
      `${vector.envelope}.x`,
      parts.slice(0, 4).join("."),
      [parts[0], parts[1]?.slice(1), ...parts.slice(2)].join("."),
      [parts[0], `A${parts[1]?.slice(1)}`, ...parts.slice(2)].join("."),
      [...parts.slice(0, 4), "short"].join("."),
      `${vector.envelope}=`,
      `${vector.envelope.slice(0, -1)}+`,
    ];
    for (const envelope of malformed) {
      expect(isWellFormedAnswerEnvelope(envelope)).toBe(false);
      expect(await reasonOf(openAnswer(envelope, vector))).toBe("bad_envelope");
    }
    for (const value of [undefined, null, 42, {}, []]) expect(isWellFormedAnswerEnvelope(value)).toBe(false);
    // Well formed, but the ephemeral key is not a point of the curve: the server refuses it.
    const offCurve = [parts[0], `B${"A".repeat(85)}A`, ...parts.slice(2)].join(".");
    expect(isWellFormedAnswerEnvelope(offCurve)).toBe(true);
    expect(await isValidAnswerEnvelope(offCurve)).toBe(false);
  });

  it("says bad_key for a malformed private key or one whose parts are not one key pair", async () => {
    const other = await generateRequestKeys();
    const mixed = vector.privateKey.slice(0, 43) + other.privateKey.slice(43);
    for (const key of ["", "short", `${vector.privateKey}A`, vector.privateKey.replace(/.$/, "+"), mixed]) {
      expect(await reasonOf(openRequestKey(key))).toBe("bad_key");
      expect(await reasonOf(openAnswer(vector.envelope, { ...vector, privateKey: key }))).toBe("bad_key");
    }
    expect(isWellFormedPrivateKey(vector.privateKey.slice(1))).toBe(false);
  });

  it("says wrong_key, before anything else, when the private key is not the request's", async () => {
    const other = await generateRequestKeys();
    expect(await reasonOf(openRequestKey(vector.privateKey, other.publicKey))).toBe("wrong_key");
    expect(await reasonOf(openRequestKey(other.privateKey, vector.publicKey))).toBe("wrong_key");
  });

  it("refuses public keys that are not uncompressed P-256 points, and sealing to them", async () => {
    const compressed = `A${vector.publicKey.slice(1, 44)}`;
    const notOnCurve = `B${"A".repeat(85)}A`;
    for (const key of ["", compressed, notOnCurve, `${vector.publicKey}A`, 42, null]) {
      expect(await isValidPublicKey(key)).toBe(false);
    }
    expect(await reasonOf(sealAnswer("x", { requestId: "AbCdEf1234", publicKey: notOnCurve }))).toBe(
      "bad_public_key",
    );
  });

  it("says bad_answer when an envelope opens but holds no answer", async () => {
    // Sealed like an answer, with a plaintext that is not {"text": …}.
    const { privateKey, publicKey } = await generateRequestKeys();
    const requestId = "Qq11Qq11Qq";
    const recipient = await crypto.subtle.importKey(
      "raw",
      Buffer.from(publicKey, "base64url"),
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ])) as CryptoKeyPair;
    const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: recipient }, pair.privateKey, 256);
    const salt = Buffer.alloc(16, 7);
    const iv = Buffer.alloc(12, 9);
    const key = Buffer.from(
      hkdfSync("sha256", Buffer.from(shared), salt, `notes-request r1 answer ${requestId}`, 32),
    );
    const epk = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
    const header = `r1.${epk}.${salt.toString("base64url")}.${iv.toString("base64url")}`;
    const aes = await crypto.subtle.importKey("raw", key, "AES-GCM", false, ["encrypt"]);
    for (const plaintext of ['{"txt":"x"}', "[]", "not json", '{"text":42}']) {
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: Buffer.from(header) },
        aes,
        Buffer.from(plaintext),
      );
      const envelope = `${header}.${Buffer.from(sealed).toString("base64url")}`;
      expect(await reasonOf(openAnswer(envelope, { requestId, privateKey }))).toBe("bad_answer");
    }
  });
});
