import { randomBytes, scrypt, type ScryptOptions } from "node:crypto";
import { digestsEqual } from "./digest";

// scrypt with OWASP's 16 MiB profile (N=2^14, r=8, p=5): slow enough to make guessing expensive,
// small enough that four hashes at once (libuv's thread pool) stay well inside the memory budget.
// The async API runs on the thread pool, so hashing never blocks the event loop.
const params = { N: 2 ** 14, r: 8, p: 5 } as const;
const keyLength = 32;
const saltLength = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return digestsEqual(key, expected);
}
