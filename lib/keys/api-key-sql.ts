import { Prisma } from "../generated/prisma/client";

// The statements on api_keys. The table belongs to our SQL (docs/development.md's database rule):
// the note-create statement counts a key's notes in the same statement (lib/notes/note-sql.ts), and
// moderation reads a key's label beside its note (note-admin-sql.ts).

export type ApiKeyRow = {
  id: string;
  label: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  notesCreated: number;
  revokedAt: Date | null;
  /** a personal key's person (issued on /me); null: issued by an admin */
  personId: string | null;
};

const columns = Prisma.sql`id, label, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt",
  notes_created AS "notesCreated", revoked_at AS "revokedAt", person_id AS "personId"`;

/** The key whose public prefix is `prefix`, with its hash, to compare. */
export function keyByPrefixSql(prefix: string) {
  return Prisma.sql`
    SELECT id, key_hash AS "keyHash", revoked_at AS "revokedAt", last_used_at AS "lastUsedAt",
           person_id AS "personId"
    FROM api_keys WHERE prefix = ${prefix}`;
}

export function touchKeySql(id: string) {
  return Prisma.sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${id}::uuid`;
}

/** Stores a new key; a prefix taken already fails with 23505 (unique_violation). */
export function insertKeySql(key: {
  label: string;
  prefix: string;
  keyHash: string;
  personId: string | null;
}) {
  return Prisma.sql`
    INSERT INTO api_keys (label, prefix, key_hash, person_id)
    VALUES (${key.label}, ${key.prefix}, ${key.keyHash}, ${key.personId})
    RETURNING ${columns}`;
}

/**
 * Revokes the key found by `where` (its id, a person's key by its id, its prefix, or its prefix and
 * hash); revoking twice keeps the first time.
 */
export function revokeKeySql(
  where: { id: string; personId?: string } | { prefix: string; keyHash?: string },
) {
  const match =
    "id" in where
      ? where.personId === undefined
        ? Prisma.sql`id = ${where.id}::uuid`
        : Prisma.sql`id = ${where.id}::uuid AND person_id = ${where.personId}`
      : where.keyHash === undefined
        ? Prisma.sql`prefix = ${where.prefix}`
        : Prisma.sql`prefix = ${where.prefix} AND key_hash = ${where.keyHash}`;
  return Prisma.sql`
    UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE ${match}
    RETURNING ${columns}`;
}

/** How a key list can be ordered, newest first breaking ties. */
export const apiKeySorts = {
  created: Prisma.sql`created_at DESC`,
  label: Prisma.sql`label ASC, created_at DESC`,
  last_used: Prisma.sql`last_used_at DESC NULLS LAST, created_at DESC`,
  notes: Prisma.sql`notes_created DESC, created_at DESC`,
};

const statusFilters = {
  all: Prisma.sql`true`,
  active: Prisma.sql`revoked_at IS NULL`,
  revoked: Prisma.sql`revoked_at IS NOT NULL`,
};

export const apiKeyStatuses = ["all", "active", "revoked"] as const;

export function listKeysSql(status: (typeof apiKeyStatuses)[number], sort: keyof typeof apiKeySorts) {
  return Prisma.sql`SELECT ${columns} FROM api_keys WHERE ${statusFilters[status]} ORDER BY ${apiKeySorts[sort]}`;
}

/** A person's own keys (/me), newest first, revoked ones too. */
export function personKeysSql(personId: string) {
  return Prisma.sql`SELECT ${columns} FROM api_keys WHERE person_id = ${personId} ORDER BY created_at DESC`;
}
