import { adminRoutes } from "./admin-routes";
import { authRoutes } from "./auth-routes";
import { brandRoutes } from "./brand-routes";
import { answerFileRoutes } from "./answer-file-routes";
import { fileRoutes } from "./file-routes";
import { meRoutes } from "./me-routes";
import type { RouteAccess } from "./route-access";
import { bySpecificity, type RouteDeclaration } from "./route-declaration";
import { serviceRoutes } from "./service-routes";
import { noteRoutes } from "./note-routes";
import { notificationRoutes } from "./notification-routes";
import { ownerRoutes } from "./owner-routes";
import { requestRoutes } from "./request-routes";

// Every route of the app that answers JSON, each declared once. A route file under `app/` binds its
// handlers to its pattern here (lib/http/route-handlers.ts); the front server's direct path, the log
// line's route names and the OpenAPI document read this table.

/** The public API, documented in the OpenAPI document. */
export const apiRoutes = [
  ...noteRoutes,
  ...fileRoutes,
  ...requestRoutes,
  ...answerFileRoutes,
  ...ownerRoutes,
  ...notificationRoutes,
  ...serviceRoutes,
];

type DeclaredRoute =
  | (typeof apiRoutes)[number]
  | (typeof adminRoutes)[number]
  | (typeof authRoutes)[number]
  | (typeof brandRoutes)[number]
  | (typeof meRoutes)[number];
export type Route = DeclaredRoute & RouteDeclaration<RouteAccess>;

/** Most specific first, so the first pattern a path matches is the one Next.js would pick. */
export const routes: readonly Route[] = [
  ...apiRoutes,
  ...adminRoutes,
  ...authRoutes,
  ...brandRoutes,
  ...meRoutes,
].sort(bySpecificity);

export type RoutePattern = DeclaredRoute["pattern"];

type MethodsOf<P extends RoutePattern> = Extract<DeclaredRoute, { pattern: P }>["methods"];
export type RouteMethods<P extends RoutePattern> = keyof MethodsOf<P>;
export type RouteOperation<P extends RoutePattern, M> = M extends keyof MethodsOf<P>
  ? MethodsOf<P>[M]
  : never;

export function findRoute(pattern: RoutePattern): Route {
  const route = routes.find((candidate) => candidate.pattern === pattern);
  if (!route) throw new Error(`No route is declared for ${pattern}.`);
  return route;
}
