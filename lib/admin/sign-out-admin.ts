import "server-only";
import { getPrisma } from "../db";
import { currentAdminSession } from "./admin-access";
import { recordAdminAction } from "./record-admin-action";

/**
 * Ends the current request's admin session, if it has one, for every server process and every copy
 * of its cookie: its row is deleted. Other administrators' sessions go on. Recorded in the audit log.
 */
export async function signOutAdmin(options: { client: string }): Promise<void> {
  const session = await currentAdminSession();
  if (!session) return;
  const prisma = await getPrisma();
  await prisma.adminSession.deleteMany({ where: { id: session.id } });
  await recordAdminAction({ action: "sign_out", client: options.client });
}
