import type { IncomingMessage } from "node:http";
import { unknownApiRouteError } from "../http/api-error";
import { methodRefusal } from "../http/method-refusal";
import type { AnswerHandler, NextHandler } from "../http/route-handlers";
import { declaredMethods } from "../routes/route-declaration";
import { routes } from "../routes/routes";
import type { MatchedRequestHandler, RequestHandler } from "./front-server";
import { loadBuiltRouteExports } from "./next-internals";
import { nodeRequest } from "./node-request";
import { refuseRequest, sendAnswer } from "./send-response";

// The public API's route handlers, called by the front server straight from Next.js's build.
// Next.js's router and its request adapter cost more CPU than the handlers' own work, so under
// `npm start` the hot API paths skip them: the same compiled handlers, the same modules and
// database pool as Next.js uses, without the routing around them. Everything else, and every
// method a route does not export (HEAD on the GET routes, which Next.js derives from GET), still
// goes to Next.js, as does every request under `next dev` or on a platform.

type RouteMethods = Partial<Record<string, AnswerHandler<Record<string, string>>>>;

/** The methods Next.js routes to a route file's exports; for any other it answers an empty 400. */
const nextMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The app routes served directly, as Next.js's build names their folders. */
const directPages = routes.filter((route) => route.direct).map((route) => route.pattern.slice(1));

export type DirectRoute = { pattern: string; methods: RouteMethods };

/** `api/v1/shares/[id]/meta`'s handlers, for the route declared as `/api/v1/shares/[id]/meta`. */
export function directRoute(page: string, methods: RouteMethods): DirectRoute {
  return { pattern: `/${page}`, methods };
}

/** A route file's exports in the form that answers an ApiAnswer, which routeHandlers gives each. */
function answerHandlers(page: string, userland: Record<string, unknown>): RouteMethods {
  const methods: RouteMethods = {};
  for (const [method, exported] of Object.entries(userland)) {
    if (!nextMethods.has(method) || exported === undefined) continue;
    const answer = (exported as Partial<NextHandler<Record<string, string>>>).answer;
    if (typeof answer !== "function") throw new Error(`/${page}'s ${method} was not made by routeHandlers.`);
    methods[method] = answer;
  }
  return methods;
}

/**
 * Loads the compiled handlers of the direct routes from Next.js's build in `distDir`. Fails when a
 * route is missing or the build's shape is not the one this was written for (a Next.js upgrade), so
 * that a change shows at start-up rather than as requests quietly taking the slow way.
 */
export async function loadDirectRoutes(distDir: string): Promise<DirectRoute[]> {
  return Promise.all(
    directPages.map(async (page) =>
      directRoute(page, answerHandlers(page, await loadBuiltRouteExports(distDir, page))),
    ),
  );
}

/** Every declared route's refusal of other methods, by its pattern. */
const refusals = new Map(
  routes.map((route) => [
    route.pattern,
    methodRefusal(declaredMethods(route).map(([method]) => method)).refuse,
  ]),
);

/**
 * Whether a path cannot be percent-decoded (`/%zz`, `/%FF`). Next.js answers those with a 500 page;
 * here they get a 4xx before reaching it.
 */
function isMalformedPath(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const malformedPath = {
  apiError: unknownApiRouteError(),
  status: 400,
  text: "Bad request: the path is not valid percent-encoding.",
};

/**
 * After the answer, whatever of the body the handler left unread (it refused the request before
 * reading all of it) is read and dropped: a paused body stops the connection's reading, the client
 * still sending would stall, and a connection closed on unread bytes resets, which can take the
 * answer with it.
 */
function drainBody(req: IncomingMessage): void {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
}

/**
 * Serves the direct routes' methods from `directRoutes` and hands every other request to `fallback`
 * (Next.js's request handler). `host` is this server's, as Next.js reports it in `request.url`
 * (`localhost:3000`).
 */
export function directApiHandler(
  directRoutes: DirectRoute[],
  host: string,
  fallback: RequestHandler,
): MatchedRequestHandler {
  const direct = new Map(directRoutes.map(({ pattern, methods }) => [pattern, methods]));
  return async (req, res, { pathname, route, params: encoded }) => {
    if (isMalformedPath(pathname)) return refuseRequest(res, pathname, malformedPath);
    if (route && !nextMethods.has(req.method ?? "")) {
      // PROPFIND, QUERY, TRACE...: a JSON route answers them as it answers PUT (405 with Allow).
      const refuse = refusals.get(route.pattern);
      if (refuse) return sendAnswer(res, await refuse());
    }
    // A trailing slash is Next.js's to redirect.
    const methods = route && !pathname.endsWith("/") ? direct.get(route.pattern) : undefined;
    const handler = methods?.[req.method ?? ""];
    if (!handler) return fallback(req, res);
    const params: Record<string, string> = {};
    for (const name in encoded) params[name] = decodeURIComponent(encoded[name] ?? "");
    await sendAnswer(res, await handler(nodeRequest(req, host), { params: Promise.resolve(params) }));
    return drainBody(req);
  };
}
