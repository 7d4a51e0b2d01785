import "server-only";
import { SealError } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { emailFailuresSql, type EmailFailuresRow } from "./email-failures-sql";
import { openNotifyField } from "./notify-target";

// What the note's status page says of its notification emails: nothing while they arrive; when they
// fail, since when, whether they are still retried, the last reason (never secret: an SMTP code or
// what went wrong) and the address masked, never in full: the status link may be shared.

export type EmailFailures = {
  address: string | null;
  state: "retrying" | "given_up";
  since: Date;
  reason: string;
};

/** `alice@example.com` as `a…@example.com`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

/** The note's failing emails, or null when none fail. */
export async function emailFailuresOf(noteId: string): Promise<EmailFailures | null> {
  const [row] = await queryRows<EmailFailuresRow>(emailFailuresSql(noteId));
  if (!row) return null;
  let address: string | null = null;
  try {
    address = row.email && maskAddress(openNotifyField(sealingKeys(), "note", noteId, "email", row.email));
  } catch (error) {
    // An address no configured key opens is shown as unknown; its emails fail for the same reason.
    if (!(error instanceof SealError)) throw error;
  }
  return { address, state: row.retrying ? "retrying" : "given_up", since: row.since, reason: row.reason };
}
