import "server-only";
import { verifyPassword } from "../crypto/password-hash";
import type { SealingKey } from "../crypto/seal";
import { secretMatchesHash } from "../crypto/secret-hash";
import { chargePasswordAttempt } from "../rate-limit/password-attempts";
import type { RequestLimits } from "../rate-limit/request-limits";
import { notAString, type ReadNoteBody } from "./note-schemas";

// What a read of a protected note must present, checked alike for a read (read-note.ts) and for a
// retry answered from a kept answer (kept-read.ts).

/**
 * Checks `password` against a note's password `hash`. The attempt is charged to `limits` before the
 * password is hashed and given back when it was right, so only wrong passwords stay counted; a
 * missing one (absent, empty or not a string) is refused before anything is charged. Answers the
 * key that seals the note's pages when the password gives one.
 */
export async function checkReadPassword(options: {
  noteId: string;
  hash: string;
  password: ReadNoteBody["password"];
  limits: RequestLimits;
}): Promise<{ sealingKey: SealingKey | null } | "missing" | "wrong"> {
  const { noteId, hash, password, limits } = options;
  if (password === undefined || password === "" || password === notAString) return "missing";
  const giveBack = await chargePasswordAttempt({ limits, noteId });
  const verified = await verifyPassword(password, hash);
  if (!verified) return "wrong";
  await giveBack();
  return verified;
}

/**
 * Whether `keyProof` proves the link's key of an end-to-end note whose key proof hash is
 * `storedHash` (compared in constant time); a note stored without one needs none.
 */
export function keyProofFits(keyProof: string | undefined, storedHash: string | null): boolean {
  return storedHash === null || (keyProof !== undefined && secretMatchesHash(keyProof, storedHash));
}
