import "server-only";
import { cookies } from "next/headers";
import type { ApiRequest, HeaderLookup } from "../http/api-request";
import { getPrisma } from "../db";
import { setCookieHeader } from "../http/set-cookie";
import { env } from "../env";
import { currentPerson } from "../people/current-person";
import type { Person } from "../people/people-store";
import { providerConfigured } from "../people/provider-settings";
import { isAdministrator } from "./administrator-rule";
import { sessionIdOf, sessionIsFresh, type AdminSession } from "./admin-session";

// Who may use /admin: the page is enabled by ADMIN_SECRET, or by ADMIN_EMAILS or ADMIN_GROUPS with a
// provider. An administrator is whoever holds a session cookie signed with ADMIN_SECRET whose
// session is still in the database (not signed out, not expired), or a signed-in person whom the
// current ADMIN_EMAILS and ADMIN_GROUPS name (lib/admin/administrator-rule.ts).

/** Who is administering: through the admin secret's session, or a person by the provider's word. */
export type Administrator = { via: "secret"; session: AdminSession } | { via: "person"; person: Person };

const sessionCookieName = "notes_admin_session";
const sessionCookiePath = "/admin";
export const sessionLifetimeSeconds = env.ADMIN_SESSION_HOURS * 60 * 60;

const adminLists = () => ({ emails: env.ADMIN_EMAILS, groups: env.ADMIN_GROUPS });

const peopleAdminister = () =>
  providerConfigured() && (env.ADMIN_EMAILS.length > 0 || env.ADMIN_GROUPS.length > 0);

export function adminEnabled(): boolean {
  return env.ADMIN_SECRET !== undefined || peopleAdminister();
}

/** The administrator of the current request, or null (also when the admin page is disabled). */
export async function currentAdministrator(headers: HeaderLookup): Promise<Administrator | null> {
  const session = await currentAdminSession();
  if (session) return { via: "secret", session };
  if (!peopleAdminister()) return null;
  const person = await currentPerson(headers);
  return person && isAdministrator(person, adminLists()) ? { via: "person", person } : null;
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
