import "server-only";
import type { HeaderLookup } from "../http/api-request";
import { hmacSha256 } from "../crypto/digest";
import { browserFamily } from "./browser-family";
import type { Reader } from "./note-event-sql";
import { readerSalt } from "./reader-salt";

// What the access log keeps of who read a note: enough for its owner to tell "the same reader twice"
// from "two readers", and a browser from a script, without tracking anyone. The fingerprint is 8 hex
// digits of an HMAC of the note's id and the client's address (as rate limits see it: an IPv6 /64)
// under a random salt of the UTC day that is never stored in the database (lib/notes/reader-salt.ts),
// so a fingerprint links reads of one note on one day only, and the database alone cannot tell whose
// they were. Whoever holds the day's salt (the server's memory, or the shared Redis) can test
// candidate addresses against that day's fingerprints until the day ends and the salt is forgotten.

/** The reader of note `id`, as the access log keeps it. */
export async function readerOf(id: string, headers: HeaderLookup, clientId: string): Promise<Reader> {
  const salt = readerSalt();
  const key = salt.keyAtHand() ?? (await salt.currentKey());
  const client = hmacSha256(key, `${id}\n${clientId}`).toString("hex").slice(0, 8);
  return { client, browser: browserFamily(headers.get("user-agent")) };
}
