import "server-only";
import type { HeaderLookup } from "../http/api-request";
import { findPerson, type Person } from "./people-store";
import { personIdOfSession } from "./person-sessions";
import { providerConfigured } from "./provider-settings";
import { cookieValue, sessionCookieName } from "./session-cookie";

/**
 * The person signed in on this request (cookie, then session, then person), or null. A request
 * without the session cookie costs a header lookup and nothing else.
 */
export async function currentPerson(headers: HeaderLookup): Promise<Person | null> {
  const token = cookieValue(headers, sessionCookieName);
  if (!token || !providerConfigured()) return null;
  const personId = await personIdOfSession(token);
  return personId ? findPerson(personId) : null;
}
