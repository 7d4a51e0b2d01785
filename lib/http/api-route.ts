import type { ApiAnswer } from "./api-answer";
import type { ApiRequest } from "./api-request";
import { RequestLimits } from "../rate-limit/request-limits";
import { identifyCaller, type Caller } from "../routes/identify-caller";
import type { CallerKind, RouteAccess } from "../routes/route-access";
import { toErrorResponse } from "./respond";

const noStore = new Set<CallerKind>(["admin", "admin-session", "sign-in", "sign-in-same-site"]);

export type Handler<P, C = Caller> = (request: ApiRequest, params: P, caller: C) => Promise<ApiAnswer>;

/**
 * Wraps a route handler: resolves its params, enforces the method's declared access (who may call,
 * which limit it charges), turns every thrown error into the JSON shape, and puts the RateLimit
 * headers of whatever limits were charged on the answer, errors included.
 */
export function apiRoute<P>(route: string, access: RouteAccess, handler: Handler<P>) {
  return async (request: ApiRequest, context: { params: Promise<P> }): Promise<ApiAnswer> => {
    const limits = new RequestLimits(request.headers);
    let response: ApiAnswer;
    try {
      const params = await context.params;
      response = await handler(request, params, await identifyCaller(request, params, access, limits));
      // The admin page's and sign-in's answers are about one session: never kept by a cache.
      if (access.auth && noStore.has(access.auth)) {
        response.headers.set("cache-control", "no-store");
      }
    } catch (error) {
      response = toErrorResponse(error, route, request.headers.get("x-request-id"));
    }
    return limits.applyHeaders(response);
  };
}
