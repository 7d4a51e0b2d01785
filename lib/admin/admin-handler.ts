import "server-only";
import { env } from "../env";
import type { ApiAnswer } from "../http/api-answer";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import type { Handler } from "../http/api-route";
import type { RequestLimits } from "../rate-limit/request-limits";
import { adminEnabled, currentAdminSession } from "./admin-access";
import { isSameSiteRequest } from "./same-site";

type AdminContext<P> = { params: P; client: string; limits: RequestLimits };
type AdminHandler<P> = (request: ApiRequest, context: AdminContext<P>) => Promise<ApiAnswer>;

function refuseCrossSite(request: ApiRequest): void {
  if (!isSameSiteRequest({ headers: request.headers, publicUrl: env.PUBLIC_URL })) {
    throw new ApiError("cross_site_request", "Admin actions are only accepted from this site's own pages.");
  }
}

async function requireSession(): Promise<void> {
  if (!(await currentAdminSession())) {
    throw new ApiError("admin_session_required", "Sign in on the admin page first.");
  }
}

/**
 * Wraps an admin API handler (all of them change state): 404 while the admin page is disabled, then
 * cross-site refusal, then the session (unless `session: false`, for signing in and out).
 */
export function adminHandler<P>(options: { session: boolean }, handler: AdminHandler<P>): Handler<P> {
  return async (request, params, limits) => {
    if (!adminEnabled()) throw new ApiError("not_found", "Not found.");
    refuseCrossSite(request);
    if (options.session) await requireSession();
    const response = await handler(request, { params, client: limits.clientId, limits });
    response.headers.set("cache-control", "no-store");
    return response;
  };
}
