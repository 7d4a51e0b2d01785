import "server-only";
import { queryRows } from "../db";
import type { ActingPerson } from "../people/acting-person";
import { isKeyId } from "./api-key-format";
import { personKeysSql, revokeKeySql, type ApiKeyRow } from "./api-key-sql";

// A person's own API keys, issued on /me (issueApiKey with their personId): listed and revoked by
// them alone.

export function listPersonKeys(person: ActingPerson): Promise<ApiKeyRow[]> {
  return queryRows<ApiKeyRow>(personKeysSql(person.id));
}

/** Revokes one of the person's keys; null when `id` is no key of theirs (another's, or none). */
export async function revokePersonKey(person: ActingPerson, id: string): Promise<ApiKeyRow | null> {
  if (!isKeyId(id)) return null;
  const [revoked] = await queryRows<ApiKeyRow>(revokeKeySql({ id, personId: person.id }));
  return revoked ?? null;
}
