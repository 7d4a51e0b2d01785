// Who may call a route's method and which rate limit it charges, declared beside the method in the
// route table (lib/routes/*-routes.ts). The route wrapper enforces both before the handler runs
// (lib/http/identify-caller.ts) and the OpenAPI document describes the same declaration, so the two
// cannot drift. A proof tied to one note or file (a delete token, a download grant, an upload token)
// is checked by the code that loads that note or file.

/**
 * - `api-key`: a key is optional; one presented is verified (bad_api_key when unknown or revoked).
 * - `api-key-required`: a key is needed (api_key_required without one; on a create route, as
 *   CREATE_REQUIRES_KEY makes it, bad_api_key saying so).
 * - `api-key-or-delete-token`: a key is verified when presented; the handler weighs it with the
 *   note's delete token.
 * - `owner-proof`: the request's owner proof (X-Owner-Proof), checked against the request `[id]`.
 * - `cron-secret`: the platform's cron job (CRON_SECRET); without the setting the route is unknown.
 * - `admin`: the admin page's own (404 while it is disabled; refused cross-site); `admin-session`:
 *   that, and a signed-in administrator.
 * - `sign-in`: people's sign-in (404 while no OpenID Connect provider is configured);
 *   `sign-in-same-site`: that, and refused cross-site.
 * - `person-session`: the /me page's own: that, and a signed-in person (sign_in_required without).
 */
export type CallerKind =
  | "api-key"
  | "api-key-required"
  | "api-key-or-delete-token"
  | "owner-proof"
  | "cron-secret"
  | "admin"
  | "admin-session"
  | "sign-in"
  | "sign-in-same-site"
  | "person-session";

/**
 * - `read`, `upload`: charged to the client's address before anything else is checked.
 * - `create`: charged once the key is known, to the key when one is valid, else to the address
 *   (a bad key is charged to the address too, so trying keys is limited like any create).
 * - `create-per-key`: charged to the required key.
 * - `admin-sign-in`: charged to the address once the admin page is known to be on.
 */
type LimitKind = "read" | "upload" | "create" | "create-per-key" | "admin-sign-in";

export type RouteAccess = {
  readonly auth?: CallerKind;
  readonly limit?: LimitKind;
  /**
   * A GET that, without this credential (a `?grant=` query, or the X-Owner-Proof header), asks how
   * much of a file is uploaded instead: then neither `auth` nor `limit` applies, and the handler
   * checks the X-Upload-Token.
   */
  readonly progressWithout?: { readonly query: string } | { readonly header: string };
  /**
   * The route acts for a person (lib/people): the owner of a personal key, else the one signed in by
   * the session cookie, refused cross-site (lib/routes/identify-person.ts).
   */
  readonly person?: true;
};
