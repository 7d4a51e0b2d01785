import "server-only";
import { getPrisma } from "../db";
import type { AdminAction, Prisma } from "../generated/prisma/client";

/** Appends one entry to the admin audit log. Never pass secrets, keys or note content. */
export async function recordAdminAction(options: {
  action: AdminAction;
  client: string | undefined;
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
    },
  });
}
