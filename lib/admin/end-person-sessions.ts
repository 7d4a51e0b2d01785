import "server-only";
import { getPrisma } from "../db";
import { ApiError } from "../http/api-error";
import { endSessionsOfPerson } from "../people/person-sessions";
import type { Administrator } from "./admin-access";
import { recordAdminAction } from "./record-admin-action";

/**
 * Ends every session of a person at once, for every server and every copy of their cookies: the
 * rows go, so their next request is signed out. Recorded in the audit log with the number ended.
 */
export async function endPersonSessions(options: {
  personId: string;
  admin: Administrator;
  client: string | undefined;
}): Promise<{ ended: number }> {
  const prisma = await getPrisma();
  const person = await prisma.person.findUnique({ where: { id: options.personId }, select: { id: true } });
  if (!person) throw new ApiError("not_found", "No such person.");
  const ended = await endSessionsOfPerson(person.id);
  await recordAdminAction({
    action: "sessions_ended",
    client: options.client,
    admin: options.admin,
    subject: person.id,
    details: { sessions: ended },
  });
  return { ended };
}
