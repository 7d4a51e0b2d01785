import "server-only";
import { queryRows } from "../db";
import { liveNoteCountsSql } from "../notes/note-admin-sql";
import { findPerson } from "../people/people-store";
import { apiKeySorts, apiKeyStatuses, listKeysSql, type ApiKeyRow } from "./api-key-sql";

export { apiKeySorts, apiKeyStatuses };
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];
export type ApiKeySort = keyof typeof apiKeySorts;

/**
 * Keys with what an admin needs to judge them, never the hash. `activeNotes` counts the key's notes
 * that are neither expired nor burned; `owner` names a personal key's person (null: admin-issued).
 */
export async function listApiKeys(options: { status?: ApiKeyStatus; sort?: ApiKeySort } = {}) {
  const { status = "all", sort = "created" } = options;
  const keys = await queryRows<ApiKeyRow>(listKeysSql(status, sort));
  const counts = await queryRows<{ api_key_id: string; live: number }>(
    liveNoteCountsSql(keys.map((key) => key.id)),
  );
  const live = new Map(counts.map((count) => [count.api_key_id, count.live]));
  const personIds = [...new Set(keys.flatMap((key) => (key.personId ? [key.personId] : [])))];
  const people = new Map(await Promise.all(personIds.map(async (id) => [id, await findPerson(id)] as const)));
  return keys.map((key) => {
    const person = key.personId ? people.get(key.personId) : null;
    const owner = person ? (person.displayName ?? person.email ?? person.id) : null;
    return { ...key, activeNotes: live.get(key.id) ?? 0, owner };
  });
}
