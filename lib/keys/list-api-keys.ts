import "server-only";
import { getPrisma, queryRows } from "../db";
import { liveNoteCountsSql } from "../notes/note-admin-sql";
import type { Prisma } from "../generated/prisma/client";

export const apiKeyStatuses = ["all", "active", "revoked"] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** How a key list can be ordered; each is a Prisma orderBy, newest first breaking ties. */
export const apiKeySorts = {
  created: { createdAt: "desc" },
  label: { label: "asc" },
  last_used: { lastUsedAt: { sort: "desc", nulls: "last" } },
  notes: { notesCreated: "desc" },
} as const satisfies Record<string, Prisma.ApiKeyOrderByWithRelationInput>;
export type ApiKeySort = keyof typeof apiKeySorts;

const statusFilter = {
  all: {},
  active: { revokedAt: null },
  revoked: { revokedAt: { not: null } },
} as const satisfies Record<ApiKeyStatus, Prisma.ApiKeyWhereInput>;

/**
 * Keys with what an admin needs to judge them, never the hash. `activeNotes` counts the key's notes
 * that are neither expired nor burned.
 */
export async function listApiKeys(options: { status?: ApiKeyStatus; sort?: ApiKeySort } = {}) {
  const { status = "all", sort = "created" } = options;
  const prisma = await getPrisma();
  const keys = await prisma.apiKey.findMany({
    where: statusFilter[status],
    orderBy: [apiKeySorts[sort], { createdAt: "desc" }],
    select: {
      id: true,
      label: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      notesCreated: true,
      revokedAt: true,
    },
  });
  const counts = await queryRows<{ api_key_id: string; live: number }>(
    liveNoteCountsSql(keys.map((key) => key.id)),
  );
  const live = new Map(counts.map((count) => [count.api_key_id, count.live]));
  return keys.map((key) => ({ ...key, activeNotes: live.get(key.id) ?? 0 }));
}
