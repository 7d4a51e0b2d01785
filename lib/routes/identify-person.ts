import "server-only";
import { isSameSiteRequest } from "../admin/same-site";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import type { ActingPerson } from "../people/acting-person";
import { currentPerson } from "../people/current-person";
import { providerConfigured } from "../people/provider-settings";
import type { RouteAccess } from "./route-access";

/**
 * The person a route that declares `person` acts for: the owner of the key presented (a personal key
 * from /me), else the person signed in by the session cookie. Acting through the cookie is refused
 * cross-site, so another site cannot act as the person; without the cookie the route answers
 * anonymous callers as before, from anywhere. Routes that do not declare it never look up a session.
 */
export async function identifyPerson(
  request: ApiRequest,
  access: RouteAccess,
  apiKey: ApiKeyIdentity | null,
): Promise<ActingPerson | null> {
  if (access.auth === "person-session") return signedInPerson(request);
  if (!access.person) return null;
  if (apiKey) return apiKey.personId === null ? null : { id: apiKey.personId };
  const person = await currentPerson(request.headers);
  if (person && !isSameSiteRequest({ headers: request.headers, publicUrl: env.PUBLIC_URL })) {
    throw new ApiError(
      "cross_site_request",
      "A signed-in person acts only from this site's own pages; other clients use an API key.",
    );
  }
  return person && { id: person.id };
}

/** The /me page's actions: on this site's own pages, by the person signed in. */
async function signedInPerson(request: ApiRequest): Promise<ActingPerson> {
  if (!providerConfigured()) throw new ApiError("not_found", "Not found.");
  if (!isSameSiteRequest({ headers: request.headers, publicUrl: env.PUBLIC_URL })) {
    throw new ApiError(
      "cross_site_request",
      "Your account's actions are only accepted from this site's own pages.",
    );
  }
  const person = await currentPerson(request.headers);
  if (!person) throw new ApiError("sign_in_required", "Sign in first: your session has ended.");
  return { id: person.id };
}

/** CREATE_REQUIRES_SIGN_IN: a create needs a key or a signed-in person. */
export function requireSignIn(
  access: RouteAccess,
  apiKey: ApiKeyIdentity | null,
  person: ActingPerson | null,
) {
  if (!env.CREATE_REQUIRES_SIGN_IN || access.limit !== "create" || !access.person || apiKey || person) return;
  throw new ApiError(
    "sign_in_required",
    "This server creates only for a signed-in person or an API key: sign in on its pages, or send a key as X-API-Key.",
  );
}
