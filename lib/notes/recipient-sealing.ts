import { open, seal, type SealingKey } from "../crypto/seal";

// A recipient's label at rest: sealed once, when the note is created, with the server's sealing key
// (never a note's password: the owner reads labels without it), and bound to the id of its link. Every
// copy of it names that same link (the link's row, its access-log entries, the payloads of its
// webhooks), so the sealed value is copied as it is, and a read costs no sealing. It is opened only
// where the label is shown: the access log, the admin page, a webhook delivery. A value copied to
// another link's row does not open. Labels stored before sealing were marked with `plain:` by the
// migration that introduced it (they cannot be told apart from a sealed value otherwise), are
// shown as they are, and are sealed by `npm run reseal`.

const associatedData = (linkId: string) => `recipients/v1|${linkId}|label`;

/** The mark of a label stored before sealing (a sealed value starts with `v1.`). */
const unsealedLabelPrefix = "plain:";

export function sealRecipientLabel(key: SealingKey, linkId: string, label: string): string {
  return seal(key, label, associatedData(linkId));
}

/** The label of link `linkId`; throws SealError when none of `keys` sealed it or it was moved. */
export function openRecipientLabel(keys: readonly SealingKey[], linkId: string, stored: string): string;
export function openRecipientLabel(
  keys: readonly SealingKey[],
  linkId: string,
  stored: string | null,
): string | null;
export function openRecipientLabel(keys: readonly SealingKey[], linkId: string, stored: string | null) {
  if (stored === null) return null;
  if (stored.startsWith(unsealedLabelPrefix)) return stored.slice(unsealedLabelPrefix.length);
  return open(keys, stored, associatedData(linkId));
}
