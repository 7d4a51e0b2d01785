import "server-only";
import { getPrisma } from "../db";

/** The latest audit entries, newest first. */
export async function listAdminActions(options: { limit: number }) {
  const prisma = await getPrisma();
  return prisma.adminAuditEntry.findMany({
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: options.limit,
    select: { id: true, at: true, action: true, client: true, subject: true, details: true },
  });
}
