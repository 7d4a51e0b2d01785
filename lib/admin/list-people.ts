import "server-only";
import { getPrisma } from "../db";
import { sealingKeys } from "../env";
import { openPersonField } from "../people/person-sealing";
import { liveSessionsAt } from "../people/person-sessions";

// The people the admin page lists, to end their sessions: the most recently signed-in first, at most
// `limit` of them (the page shows the newest 50), each with their name or email opened for the
// administrator, their issuer, their last sign-in and how many of their sessions are live.

export type ListedPerson = {
  id: string;
  name: string | null;
  issuer: string;
  lastSignInAt: Date;
  liveSessions: number;
};

type SealedName = { id: string; displayName: string | null; email: string | null };

/** A person's name, else their email, opened. */
function nameOf(row: SealedName): string | null {
  const keys = sealingKeys();
  return (
    openPersonField(keys, row.id, "display_name", row.displayName) ??
    openPersonField(keys, row.id, "email", row.email)
  );
}

export async function listPeople(options: { limit: number }): Promise<ListedPerson[]> {
  const prisma = await getPrisma();
  const rows = await prisma.person.findMany({
    orderBy: [{ lastSignInAt: "desc" }, { id: "asc" }],
    take: options.limit,
    select: {
      id: true,
      issuer: true,
      displayName: true,
      email: true,
      lastSignInAt: true,
      _count: { select: { sessions: { where: liveSessionsAt(new Date()) } } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: nameOf(row),
    issuer: row.issuer,
    lastSignInAt: row.lastSignInAt,
    liveSessions: row._count.sessions,
  }));
}

/** Each person's name (or email) by id, for the audit log's "who" column; unknown ids are left out. */
export async function namesOfPeople(ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const prisma = await getPrisma();
  const rows = await prisma.person.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, displayName: true, email: true },
  });
  return new Map(rows.map((row) => [row.id, nameOf(row)]));
}
