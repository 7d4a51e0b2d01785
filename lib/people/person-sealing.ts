import { open, seal, type SealingKey } from "../crypto/seal";

// A person's display name, email and groups (a JSON array) are sealed at rest, each bound to its person and field, so a
// value copied to another row or field fails to open.

export type PersonField = "display_name" | "email" | "groups";

const associatedData = (personId: string, field: PersonField) => `people/v1|${personId}|${field}`;

export function sealPersonField(
  key: SealingKey,
  personId: string,
  field: PersonField,
  value: string | undefined,
): string | null {
  return value === undefined ? null : seal(key, value, associatedData(personId, field));
}

export function openPersonField(
  keys: readonly SealingKey[],
  personId: string,
  field: PersonField,
  sealed: string | null,
): string | null {
  return sealed === null ? null : open(keys, sealed, associatedData(personId, field));
}
