import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { unknownApiRouteError } from "../http/api-error";
import { methodRefusal } from "../http/method-refusal";
import { errorResponse } from "../http/respond";
import { declaredMethods, patternRegExp } from "../routes/route-declaration";
import { routes } from "../routes/routes";
import type { RequestHandler } from "./front-server";

// The public API's route handlers, called by the front server straight from Next.js's build.
// Next.js's router and its request adapter cost about 0.8 ms of CPU per request on this service's
// machines, several times the handlers' own work (docs/benchmarks.md), so under `npm start` the
// hot API paths skip them: the same compiled handlers, the same modules and database pool as
// Next.js uses, without the routing around them. Everything else, and every method a route does not
// export (HEAD on the GET routes, which Next.js derives from GET), still goes to Next.js, as does
// every request under `next dev` or on a platform.

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type RouteMethods = Partial<Record<string, RouteHandler>>;
type CompiledRoute = { routeModule?: { ensureUserland?: () => Promise<void>; userland?: RouteMethods } };

/** The app routes served directly, as Next.js's build names their folders. */
const directPages = routes.filter((route) => route.direct).map((route) => route.pattern.slice(1));

export type DirectRoute = { pattern: RegExp; methods: RouteMethods };

/** `api/v1/shares/[id]/meta` matches `/api/v1/shares/<id>/meta` exactly (Next.js redirects the rest). */
export function directRoute(page: string, methods: RouteMethods): DirectRoute {
  return { pattern: patternRegExp(`/${page}`, { trailingSlash: false }), methods };
}

/**
 * Loads the compiled handlers of the direct routes from Next.js's build in `distDir`. Fails when a
 * route is missing or the build's shape is not the one this was written for (a Next.js upgrade), so
 * that a change shows at start-up rather than as requests quietly taking the slow way.
 */
export async function loadDirectRoutes(distDir: string): Promise<DirectRoute[]> {
  const load = createRequire(import.meta.url);
  return Promise.all(
    directPages.map(async (page) => {
      const compiled = load(path.join(distDir, "server", "app", page, "route.js")) as CompiledRoute;
      const routeModule = compiled.routeModule;
      if (typeof routeModule?.ensureUserland !== "function") {
        throw new Error(`The build's route module for /${page} has an unexpected shape.`);
      }
      await routeModule.ensureUserland();
      const methods = routeModule.userland;
      if (!methods) throw new Error(`The build has no handlers for /${page}.`);
      return directRoute(page, methods);
    }),
  );
}

/** The methods Next.js routes to a route file's exports; for any other it answers an empty 400. */
const nextMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Every declared route's refusal of other methods, by the paths it matches, most specific first. */
const refusals = routes.map((route) => ({
  pattern: patternRegExp(route.pattern, { trailingSlash: true }),
  refuse: methodRefusal(declaredMethods(route).map(([method]) => method)).refuse,
}));

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

async function refuseMalformedPath(pathname: string, res: ServerResponse): Promise<void> {
  if (pathname.startsWith("/api/")) return send(res, errorResponse(unknownApiRouteError()));
  res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
  res.end("Bad request: the path is not valid percent-encoding.\n");
}

/**
 * The request body as a web stream that never destroys the connection: a handler that stops reading
 * (a body over the size limit) leaves the rest to be drained, so its answer still reaches the client.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => {
        if (open) controller.close();
        open = false;
      });
      req.once("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/**
 * The request as Next.js would hand it to the handler. Its URL is Next.js's too: this server's own
 * host and port, and https when X-Forwarded-Proto says so.
 */
function toRequest(req: IncomingMessage, host: string): Request {
  // Pairs, not a Headers object: the Request copies whatever it is given into Headers of its own.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.push([name, value]);
    else if (value) for (const item of value) headers.push([name, item]);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const scheme = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
  return new Request(`${scheme}://${host}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * A body's chunks, read off its stream directly: `arrayBuffer()` reaches the same chunks through
 * about twice as many promises, which cost more still once Next.js has turned on async context
 * tracking (docs/benchmarks.md).
 */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const chunks = await readAll(response.body);
  const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
  res.setHeader("content-length", body.byteLength);
  res.end(body);
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
): RequestHandler {
  return async (req, res) => {
    const target = req.url ?? "";
    const query = target.indexOf("?");
    const pathname = query === -1 ? target : target.slice(0, query);
    if (isMalformedPath(pathname)) return refuseMalformedPath(pathname, res);
    if (!nextMethods.has(req.method ?? "")) {
      // PROPFIND, QUERY, TRACE...: a JSON route answers them as it answers PUT (405 with Allow).
      const refusal = refusals.find(({ pattern }) => pattern.test(pathname));
      if (refusal) return send(res, await refusal.refuse());
    }
    for (const { pattern, methods } of directRoutes) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const handler = methods[req.method ?? ""];
      if (!handler) break;
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      return send(res, await handler(toRequest(req, host), { params: Promise.resolve(params) }));
    }
    return fallback(req, res);
  };
}
