import "server-only";
import { cookies } from "next/headers";
import { env } from "../env";
import { verifySessionToken, type AdminSession } from "./admin-session";

// Who may use /admin: the page is enabled by ADMIN_SECRET, and an administrator is whoever holds a
// session cookie signed with it.

export const sessionCookieName = "notes_admin_session";
export const sessionCookiePath = "/admin";
export const sessionLifetimeSeconds = env.ADMIN_SESSION_HOURS * 60 * 60;

export function adminEnabled(): boolean {
  return env.ADMIN_SECRET !== undefined;
}

/** The session of the current request's cookie, or null (also when the admin page is disabled). */
export async function currentAdminSession(): Promise<AdminSession | null> {
  if (!env.ADMIN_SECRET) return null;
  return verifySessionToken({
    token: (await cookies()).get(sessionCookieName)?.value,
    secret: env.ADMIN_SECRET,
    now: new Date(),
    lifetimeSeconds: sessionLifetimeSeconds,
  });
}

/** Secure whenever the site is served over https, as configured (PUBLIC_URL) or as requested. */
export function sessionCookieOptions(request: Request, maxAge: number) {
  const secure = env.PUBLIC_URL?.startsWith("https:") || new URL(request.url).protocol === "https:";
  return { httpOnly: true, sameSite: "strict", path: sessionCookiePath, secure, maxAge } as const;
}
