import "server-only";
import { adminEnabled, currentAdministrator, type Administrator } from "../admin/admin-access";
import { isSameSiteRequest } from "../admin/same-site";
import { authorizeCronRequest } from "../cron/authorize-cron-request";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { authenticateRequest, type ApiKeyIdentity } from "../keys/authenticate-request";
import type { RequestLimits } from "../rate-limit/request-limits";
import { providerConfigured } from "../people/provider-settings";
import type { OpenedRequest } from "../requests/get-request";
import { authorizeOwner } from "../requests/request-owner";
import type { ActingPerson } from "../people/acting-person";
import { identifyPerson, requireSignIn } from "./identify-person";
import type { CallerKind, RouteAccess } from "./route-access";

/** Who is calling, as the route's declaration asked: what its handler is given beside the params. */
export type Caller = {
  readonly limits: RequestLimits;
  /** The key presented and verified (auth api-key…); null when none was presented. */
  readonly apiKey: ApiKeyIdentity | null;
  /** Who the route acts for (auth person): a personal key's owner, or the person signed in. */
  readonly person: ActingPerson | null;
  /** The request whose owner proof was shown (auth owner-proof). */
  readonly owned: OpenedRequest | null;
  /** The GET asks for an upload's progress (see RouteAccess.progressWithout). */
  readonly uploadProgress: boolean;
  /** Who administers (auth admin…), named in the audit log; null when nobody is signed in. */
  readonly admin: Administrator | null;
};

type Ensured<O> = O extends { readonly auth: "api-key-required" }
  ? Caller & { readonly apiKey: ApiKeyIdentity }
  : O extends { readonly auth: "person-session" }
    ? Caller & { readonly person: ActingPerson }
    : O extends { readonly auth: "owner-proof" }
      ? Caller & { readonly owned: OpenedRequest }
      : O extends { readonly auth: "admin-session" }
        ? Caller & { readonly admin: Administrator }
        : Caller;

/** The Caller a handler of a method declared as `O` is given, narrowed to what its auth ensures. */
export type CallerFor<O> = O extends { readonly progressWithout: object }
  ? (Caller & { readonly uploadProgress: true }) | (Ensured<O> & { readonly uploadProgress: false })
  : Ensured<O>;

const keyKinds = new Set<CallerKind | undefined>(["api-key", "api-key-required", "api-key-or-delete-token"]);

async function enforceAdmin(request: ApiRequest, auth: CallerKind | undefined) {
  if (auth !== "admin" && auth !== "admin-session") return null;
  if (!adminEnabled()) throw new ApiError("not_found", "Not found.");
  if (!isSameSiteRequest({ headers: request.headers, publicUrl: env.PUBLIC_URL })) {
    throw new ApiError("cross_site_request", "Admin actions are only accepted from this site's own pages.");
  }
  const admin = await currentAdministrator(request.headers);
  if (auth === "admin-session" && !admin) {
    throw new ApiError("admin_session_required", "Sign in on the admin page first.");
  }
  return admin;
}

function enforceSignIn(request: ApiRequest, auth: CallerKind | undefined): void {
  if (auth !== "sign-in" && auth !== "sign-in-same-site") return;
  if (!providerConfigured()) throw new ApiError("not_found", "Not found.");
  if (
    auth === "sign-in-same-site" &&
    !isSameSiteRequest({ headers: request.headers, publicUrl: env.PUBLIC_URL })
  ) {
    throw new ApiError("cross_site_request", "Signing out is only accepted from this site's own pages.");
  }
}

/** The key, verified; a bad key on a create is charged to the address before it is refused. */
async function verifiedKey(request: ApiRequest, access: RouteAccess, limits: RequestLimits) {
  if (!keyKinds.has(access.auth)) return null;
  if (access.limit !== "create") return authenticateRequest(request.headers);
  return authenticateRequest(request.headers).catch(async (error: unknown) => {
    await limits.charge("create", limits.clientId);
    throw error;
  });
}

function requireKey(access: RouteAccess, apiKey: ApiKeyIdentity | null): void {
  if (apiKey || access.auth !== "api-key-required") return;
  if (access.limit === "create") {
    throw new ApiError(
      "bad_api_key",
      "This server needs an API key to create notes: send it as X-API-Key or Authorization: Bearer.",
    );
  }
  throw new ApiError("api_key_required", "This route needs an API key (X-API-Key).");
}

function asksForProgress(request: ApiRequest, access: RouteAccess): boolean {
  const credential = access.progressWithout;
  if (!credential) return false;
  if ("query" in credential) return !new URL(request.url).searchParams.has(credential.query);
  return !request.headers.has(credential.header);
}

/**
 * Enforces a method's declared access, in this order: the admin page's own checks; sign-in's; a limit charged
 * to the address (read, upload, admin sign-in); the key; the person; the cron secret; a create's limit; a
 * required key or sign-in (checked after a create's charge, so refusing it is limited too); the owner proof.
 */
export async function identifyCaller(
  request: ApiRequest,
  params: unknown,
  access: RouteAccess,
  limits: RequestLimits,
): Promise<Caller> {
  const uploadProgress = asksForProgress(request, access);
  if (uploadProgress) return { limits, apiKey: null, person: null, owned: null, uploadProgress, admin: null };
  const admin = await enforceAdmin(request, access.auth);
  enforceSignIn(request, access.auth);
  const { limit, auth } = access;
  if (limit === "read" || limit === "upload") await limits.charge(limit, limits.clientId);
  if (limit === "admin-sign-in") await limits.charge("adminSignIn", limits.clientId);
  if (auth === "cron-secret") authorizeCronRequest(request.headers);
  const apiKey = await verifiedKey(request, access, limits);
  const person = await identifyPerson(request, access, apiKey);
  if (limit === "create") await limits.chargeCreate(apiKey?.id ?? null);
  requireKey(access, apiKey);
  requireSignIn(access, apiKey, person);
  if (limit === "create-per-key" && apiKey) await limits.chargeCreate(apiKey.id);
  const owned =
    auth === "owner-proof" ? await authorizeOwner((params as { id: string }).id, request.headers) : null;
  return { limits, apiKey, person, owned, uploadProgress, admin };
}
