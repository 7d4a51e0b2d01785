import { ApiError } from "./api-error";
import { errorResponse } from "./respond";

// The methods an API route does not serve. Left to Next.js, they would get an empty 405 without an
// Allow header (not JSON, which every API answer is), and OPTIONS would list every method the route
// file exports as allowed. Instead each route file exports these for the methods it leaves out: a
// JSON not_found, as for unknown API routes (the contract's codes have no 405), whose message and
// Allow header name the methods the path does serve, and an OPTIONS that names the same.

type ServedMethod = "GET" | "POST" | "DELETE";
type RouteHandler = () => Promise<Response>;

/** Next.js answers HEAD from GET by itself, and OPTIONS from these. */
export function otherMethods(
  ...served: ServedMethod[]
): Record<"GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", RouteHandler> {
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const refuse = async () => {
    const response = errorResponse(
      new ApiError("not_found", `No such API route: this path answers ${served.join(" and ")} only.`),
    );
    response.headers.set("allow", allow);
    return response;
  };
  return {
    GET: refuse,
    HEAD: refuse,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    OPTIONS: async () => new Response(null, { status: 204, headers: { allow } }),
  };
}
