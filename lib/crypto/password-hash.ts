import { randomBytes, scrypt, type ScryptOptions } from "node:crypto";
import { digestsEqual } from "./digest";
import { sealingKeyFrom, sealingKeyLength, type SealingKey } from "./seal";

// scrypt with OWASP's 16 MiB profile (N=2^14, r=8, p=5): slow enough to make guessing expensive,
// small enough that four hashes at once (libuv's thread pool) stay well inside the memory budget.
// The async API runs on the thread pool, so hashing never blocks the event loop.
//
// One scrypt run gives 64 bytes: the first 32 are the stored verifier, the last 32 the key that seals
// the note (never stored), so the verifier does not reveal the key and sealing costs no second run.
// Verifiers of the first format (`scrypt$`, 32 bytes, notes stored before sealing) still verify and
// come with no key.
const params = { N: 2 ** 14, r: 8, p: 5 } as const;
const verifierLength = 32;
const saltLength = 16;
const schemes = { scrypt: verifierLength, scrypt2: verifierLength + sealingKeyLength } as const;
type Scheme = keyof typeof schemes;

/** The id a password-derived key gives its sealed values (it is never one of ENCRYPTION_KEYS). */
export const passwordKeyId = "pw";

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

type HashedPassword = { hash: string; sealingKey: SealingKey };

/** `scrypt2$N$r$p$salt$verifier`, base64url parts: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<HashedPassword> {
  const salt = randomBytes(saltLength);
  const derived = await derive(password, salt, schemes.scrypt2, params);
  const verifier = derived.subarray(0, verifierLength);
  const hash = [
    "scrypt2",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    verifier.toString("base64url"),
  ];
  return {
    hash: hash.join("$"),
    sealingKey: sealingKeyFrom(derived.subarray(verifierLength), passwordKeyId),
  };
}

/** null for a wrong password; else the note's sealing key (null for a first-format verifier). */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<{ sealingKey: SealingKey | null } | null> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (!(scheme === "scrypt" || scheme === "scrypt2") || !salt || !hash) return null;
  const derived = await derive(password, Buffer.from(salt, "base64url"), schemes[scheme as Scheme], {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  if (!digestsEqual(derived.subarray(0, verifierLength), Buffer.from(hash, "base64url"))) return null;
  const key = derived.subarray(verifierLength);
  return { sealingKey: key.length > 0 ? sealingKeyFrom(key, passwordKeyId) : null };
}
