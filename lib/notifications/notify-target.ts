import { open, seal, type SealingKey } from "../crypto/seal";
import type { Locale } from "../i18n/locales";

// Who hears of a note's or a request's events by email: its address, sealed with the server's key
// like every personal field and bound to its subject, so a value copied to another row does not
// open. A keyless note's delete token rides along, sealed the same way, to give the email the status
// link the creator got. Both are copied as they are into each email's outbox row and opened only
// when the email is sent.

export type NotifyKind = "note" | "request";

export type NotifyTarget = { kind: NotifyKind; subjectId: string; email: string; locale: Locale };

/** The target as stored: what notify_targets and the outbox's email rows hold. */
export type SealedNotifyTarget = {
  kind: NotifyKind;
  email: string;
  locale: Locale;
  status_token: string | null;
};

type Field = "email" | "status_token";

const associatedData = (kind: NotifyKind, subjectId: string, field: Field) =>
  `notify/v1|${kind}|${subjectId}|${field}`;

export function sealNotifyTarget(
  key: SealingKey,
  target: NotifyTarget,
  statusToken: string | null,
): SealedNotifyTarget {
  const { kind, subjectId } = target;
  return {
    kind,
    email: seal(key, target.email, associatedData(kind, subjectId, "email")),
    locale: target.locale,
    status_token: statusToken && seal(key, statusToken, associatedData(kind, subjectId, "status_token")),
  };
}

/** Opens one sealed field; throws SealError when none of `keys` sealed it or it was moved. */
export function openNotifyField(
  keys: readonly SealingKey[],
  kind: NotifyKind,
  subjectId: string,
  field: Field,
  sealed: string,
): string {
  return open(keys, sealed, associatedData(kind, subjectId, field));
}
