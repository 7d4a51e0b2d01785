import "server-only";
import { cookies } from "next/headers";
import type { ApiRequest } from "../http/api-request";
import { getPrisma } from "../db";
import { setCookieHeader } from "../http/set-cookie";
import { env } from "../env";
import { sessionIdOf, sessionIsFresh, type AdminSession } from "./admin-session";

// Who may use /admin: the page is enabled by ADMIN_SECRET, and an administrator is whoever holds a
// session cookie signed with it whose session is still in the database (not signed out, not expired).

const sessionCookieName = "notes_admin_session";
const sessionCookiePath = "/admin";
export const sessionLifetimeSeconds = env.ADMIN_SESSION_HOURS * 60 * 60;

export function adminEnabled(): boolean {
  return env.ADMIN_SECRET !== undefined;
}

/** The session of the current request's cookie, or null (also when the admin page is disabled). */
export async function currentAdminSession(): Promise<AdminSession | null> {
  if (!env.ADMIN_SECRET) return null;
  const id = sessionIdOf((await cookies()).get(sessionCookieName)?.value, env.ADMIN_SECRET);
  if (!id) return null;
  const prisma = await getPrisma();
  const row = await prisma.adminSession.findUnique({ where: { id } });
  if (!row) return null;
  const session = {
    id,
    issuedAt: Math.floor(row.createdAt.getTime() / 1000),
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
  };
  return sessionIsFresh(session, new Date(), sessionLifetimeSeconds) ? session : null;
}

/** The Set-Cookie of the session cookie holding `value` for `maxAge` seconds (0 clears it). */
export function sessionCookie(request: ApiRequest, value: string, maxAge: number): string {
  return setCookieHeader(request, sessionCookieName, value, {
    sameSite: "strict",
    path: sessionCookiePath,
    maxAge,
  });
}
