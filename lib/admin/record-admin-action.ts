import "server-only";
import { getPrisma } from "../db";
import type { AdminAction, Prisma } from "../generated/prisma/client";
import type { Administrator } from "./admin-access";

/**
 * Appends one entry to the admin audit log, naming who acted: a person by their id, or (no
 * administrator: a sign-in with the secret, failed or not) the admin secret. Never pass secrets,
 * keys or note content.
 */
export async function recordAdminAction(options: {
  action: AdminAction;
  client: string | undefined;
  admin?: Administrator | null;
  subject?: string;
  details?: Prisma.InputJsonObject;
}): Promise<void> {
  const prisma = await getPrisma();
  await prisma.adminAuditEntry.create({
    data: {
      action: options.action,
      client: options.client ?? null,
      subject: options.subject ?? null,
      details: options.details,
      actorPersonId: options.admin?.via === "person" ? options.admin.person.id : null,
    },
  });
}
