import "server-only";
import { getPrisma } from "../db";
import { namesOfPeople } from "./list-people";

/**
 * The latest audit entries, newest first, each naming who acted: a person (by name or email, opened
 * here; their id when the person is gone or has neither), or null for the admin secret.
 */
export async function listAdminActions(options: { limit: number }) {
  const prisma = await getPrisma();
  const entries = await prisma.adminAuditEntry.findMany({
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: options.limit,
    select: {
      id: true,
      at: true,
      action: true,
      client: true,
      subject: true,
      details: true,
      actorPersonId: true,
    },
  });
  const names = await namesOfPeople(entries.flatMap((entry) => entry.actorPersonId ?? []));
  return entries.map(({ actorPersonId, ...entry }) => ({
    ...entry,
    actor: actorPersonId === null ? null : (names.get(actorPersonId) ?? actorPersonId),
  }));
}
