import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { SealError, type SealingKey } from "./seal";

// AES-256-GCM for binary values at rest (a file's chunks): `iv (12) | ciphertext | tag (16)`, bound
// to where it belongs by associated data. Unlike seal(), the key's id is not inside the value: the
// caller stores it once beside the whole file.

const ivLength = 12;
const tagLength = 16;
/** What sealing adds to a value's length. */
const sealedBytesOverhead = ivLength + tagLength;

export function sealBytes(key: SealingKey, plaintext: Uint8Array, associatedData: string): Buffer {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv("aes-256-gcm", key.secret, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** Opens a value sealed by `key`; throws SealError when it was altered, moved or is too short. */
export function openBytes(key: SealingKey, sealed: Uint8Array, associatedData: string): Buffer {
  if (sealed.byteLength < sealedBytesOverhead) throw new SealError("The sealed chunk is truncated.");
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv("aes-256-gcm", key.secret, data.subarray(0, ivLength));
  decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - tagLength));
  try {
    const plaintext = decipher.update(data.subarray(ivLength, data.length - tagLength));
    // GCM is a stream mode: final() checks the tag and adds no bytes, so the plaintext is not copied.
    decipher.final();
    return plaintext;
  } catch {
    throw new SealError(`The chunk does not open with key ${key.id}: altered, moved, or another key.`);
  }
}
