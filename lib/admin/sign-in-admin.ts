import "server-only";
import { getPrisma } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { secretMatches } from "../crypto/secret-hash";
import { createSessionToken } from "./admin-session";
import { sessionLifetimeSeconds } from "./admin-access";
import { recordAdminAction } from "./record-admin-action";

/**
 * Signs an administrator in (the route has charged the attempt to the client's sign-in limit): the
 * secret typed is compared in constant time with ADMIN_SECRET, and both outcomes are recorded. A
 * right secret starts a session in the database (and forgets the expired ones). Returns the session
 * cookie's value.
 */
export async function signInAdmin(options: { secret: string; client: string }): Promise<string> {
  const expected = env.ADMIN_SECRET;
  if (!expected) throw new ApiError("not_found", "The admin page is disabled.");
  if (!secretMatches(options.secret, expected)) {
    await recordAdminAction({ action: "sign_in_failed", client: options.client });
    throw new ApiError("bad_admin_secret", "That is not the admin secret.");
  }
  const { id, token } = createSessionToken(expected);
  const now = new Date();
  const prisma = await getPrisma();
  await prisma.adminSession.deleteMany({ where: { expiresAt: { lte: now } } });
  await prisma.adminSession.create({
    data: { id, createdAt: now, expiresAt: new Date(now.getTime() + sessionLifetimeSeconds * 1000) },
  });
  await recordAdminAction({ action: "sign_in", client: options.client });
  return token;
}
