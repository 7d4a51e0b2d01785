import { declaredMethods, type RouteParams, type ServedMethod } from "../routes/route-declaration";
import { findRoute, type RouteMethods, type RoutePattern } from "../routes/routes";
import { ApiError, unknownApiRouteError } from "./api-error";
import { apiRoute, type Handler } from "./api-route";
import { errorResponse } from "./respond";

// A route file's exports, one for every method, from its declaration and its handlers. Left to
// Next.js, a method a route does not serve would get an empty 405 without an Allow header (not JSON,
// which every API answer is), and OPTIONS would list every exported method as allowed. Instead: a
// JSON 405 method_not_allowed whose message and Allow header name the methods the path does serve,
// and an OPTIONS that names the same. A route that serves nothing is a catch-all: every method,
// OPTIONS included, is an unknown route (404).

type NextHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;
type RouteExports<P> = Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", NextHandler<P>> & {
  /** Left out beside GET, so that Next.js answers HEAD from GET. */
  HEAD: NextHandler<P> | undefined;
};

const unknownRoute = async () => errorResponse(unknownApiRouteError());

function refuseOthers(served: ServedMethod[]) {
  if (served.length === 0) return { refuse: unknownRoute, options: unknownRoute };
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const refuse = async () => {
    const response = errorResponse(
      new ApiError("method_not_allowed", `This path answers ${served.join(" and ")} only.`),
    );
    response.headers.set("allow", allow);
    return response;
  };
  return { refuse, options: async () => new Response(null, { status: 204, headers: { allow } }) };
}

/**
 * `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(pattern, handlers)`:
 * `handlers` has exactly the methods declared for `pattern`, each wrapped by apiRoute, which names
 * it `POST /api/v1/shares/[id]/read` when it logs an error.
 */
export function routeHandlers<P extends RoutePattern>(
  pattern: P,
  handlers: { [M in RouteMethods<P>]: Handler<RouteParams<P>> },
): RouteExports<RouteParams<P>> {
  const served = declaredMethods(findRoute(pattern)).map(([method]) => method);
  const { refuse, options } = refuseOthers(served);
  const handle = (method: ServedMethod) => {
    const handler = (handlers as Partial<Record<ServedMethod, Handler<RouteParams<P>>>>)[method];
    return handler ? apiRoute(`${method} ${pattern}`, handler) : refuse;
  };
  return {
    GET: handle("GET"),
    HEAD: served.includes("GET") ? undefined : refuse,
    POST: handle("POST"),
    PUT: refuse,
    PATCH: refuse,
    DELETE: handle("DELETE"),
    OPTIONS: options,
  };
}
