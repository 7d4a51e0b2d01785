import { limitRequest, noteIdentifier } from "./limit-request";
import type { RequestLimits } from "./request-limits";

/**
 * Charges one password attempt on a note, before its hash is computed: per note and client, then per
 * note in total. Throws rate_limited when either is used up. Call the returned function when the
 * password turned out right: only wrong passwords stay counted.
 */
export async function chargePasswordAttempt(options: {
  limits: RequestLimits;
  noteId: string;
}): Promise<() => Promise<void>> {
  const { limits } = options;
  const note = noteIdentifier(options.noteId);
  const perClient = `${note}:${limits.clientId}`;
  await limits.charge("password", perClient);
  try {
    await limits.charge("passwordPerNote", note);
  } catch (error) {
    // Refused by the note's total: this client's own attempt does not count either.
    await limitRequest("password", perClient, { rate: -1 });
    throw error;
  }
  return async () => {
    await Promise.all([
      limitRequest("password", perClient, { rate: -1 }),
      limitRequest("passwordPerNote", note, { rate: -1 }),
    ]);
  };
}
