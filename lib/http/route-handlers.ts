import { declaredMethods, type RouteParams, type ServedMethod } from "../routes/route-declaration";
import type { CallerFor } from "../routes/identify-caller";
import type { RouteAccess } from "../routes/route-access";
import { findRoute, type RouteMethods, type RouteOperation, type RoutePattern } from "../routes/routes";
import { toResponse, type ApiAnswer } from "./api-answer";
import type { ApiRequest } from "./api-request";
import { apiRoute, type Handler } from "./api-route";
import { methodRefusal } from "./method-refusal";

// A route file's exports, one for every method, from its declaration and its handlers. Left to
// Next.js, a method a route does not serve would get an empty 405 without an Allow header (not JSON,
// which every API answer is), and OPTIONS would list every exported method as allowed. Instead,
// both answer as lib/http/method-refusal.ts says: a JSON 405 with Allow, or 404 on a catch-all.

type Context<P> = { params: Promise<P> };

/** A method's answer as the front server takes it for a direct route (lib/server/direct-api-routes.ts). */
export type AnswerHandler<P> = (request: ApiRequest, context: Context<P>) => Promise<ApiAnswer>;

/** What Next.js calls, a `Response`; `answer` is the same handler, answering an ApiAnswer. */
export type NextHandler<P> = ((request: ApiRequest, context: Context<P>) => Promise<Response>) & {
  answer: AnswerHandler<P>;
};

type RouteExports<P> = Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", NextHandler<P>> & {
  /** Left out beside GET, so that Next.js answers HEAD from GET. */
  HEAD: NextHandler<P> | undefined;
};

function nextHandler<P>(answer: AnswerHandler<P>): NextHandler<P> {
  return Object.assign(
    async (request: ApiRequest, context: Context<P>) => toResponse(await answer(request, context)),
    {
      answer,
    },
  );
}

/**
 * `export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(pattern, handlers)`:
 * `handlers` has exactly the methods declared for `pattern`, each wrapped by apiRoute, which enforces
 * the method's declared access and names it `POST /api/v1/shares/[id]/read` when it logs an error.
 */
export function routeHandlers<P extends RoutePattern>(
  pattern: P,
  handlers: { [M in RouteMethods<P>]: Handler<RouteParams<P>, CallerFor<RouteOperation<P, M>>> },
): RouteExports<RouteParams<P>> {
  const declared = new Map(declaredMethods<RouteAccess>(findRoute(pattern)));
  const served = [...declared.keys()];
  const refusal = methodRefusal(served);
  const refuse = nextHandler(refusal.refuse);
  const handle = (method: ServedMethod) => {
    const handler = (handlers as Partial<Record<ServedMethod, Handler<RouteParams<P>>>>)[method];
    const access = declared.get(method) ?? {};
    return handler ? nextHandler(apiRoute(`${method} ${pattern}`, access, handler)) : refuse;
  };
  return {
    GET: handle("GET"),
    HEAD: served.includes("GET") ? undefined : refuse,
    POST: handle("POST"),
    PUT: handle("PUT"),
    PATCH: refuse,
    DELETE: handle("DELETE"),
    OPTIONS: nextHandler(refusal.options),
  };
}
