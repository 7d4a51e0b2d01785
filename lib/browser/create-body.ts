import type { NotePageText } from "@/lib/crypto/envelope";
import { recipientLabels } from "./recipient-labels";

/** What the form sends of an end-to-end note: the envelope (pages and files' names inside) and its proof. */
type Sealed = { envelope: string; keyProof: string };

/** A file as the create request declares it: an end-to-end note's names and types are sealed. */
const declared = (file: File, sealed: boolean) =>
  sealed
    ? { size: file.size }
    : { name: file.name, type: file.type || "application/octet-stream", size: file.size };

/**
 * The body the API expects: `content` for one page, `pages` for several, none beside files, or the
 * envelope that seals them all (titles, formats and files' names included) for an encrypted note.
 */
export function createBody(
  pages: NotePageText[],
  files: File[],
  options: FormData,
  keyed: boolean,
  sealed: Sealed | null,
) {
  const permanent = keyed && options.get("permanent") === "on";
  const burnAfter = String(options.get("burn_after") ?? "").trim();
  const password = String(options.get("password") ?? "");
  const burnAfterFailures = String(options.get("burn_after_failures") ?? "").trim();
  // "Email me" names the signed-in person's verified address: a typed address is then not sent.
  const notifyMe = options.get("notify_me") === "on";
  const notifyEmail = notifyMe ? "" : String(options.get("notify_email") ?? "").trim();
  const [first] = pages;
  let note;
  if (sealed !== null) note = { content: sealed.envelope, key_proof: sealed.keyProof, encrypted: true };
  else if (pages.length === 1 && first) note = { content: first.content, format: first.format };
  else if (pages.length > 1) note = { pages };
  return {
    ...note,
    ...(files.length > 0 && { files: files.map((file) => declared(file, sealed !== null)) }),
    ...(permanent ? { permanent: true } : { ttl: options.get("ttl") }),
    ...(burnAfter && { burn_after: Number(burnAfter) }),
    ...(password && { password }),
    ...(burnAfterFailures && { burn_after_failures: Number(burnAfterFailures) }),
    ...recipientLabels(options),
    ...(options.get("sign_in_required") === "on" && { sign_in_required: true }),
    ...(notifyEmail && { notify_email: notifyEmail }),
    ...(notifyMe && { notify_me: true }),
  };
}
