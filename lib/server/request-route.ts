// The route a request matched, as a pattern: logs name `/api/v1/shares/[id]/read`, never the
// path itself, because a note's id is the secret that opens it.
const routes: [pattern: RegExp, route: string][] = [
  [/^\/api\/v1\/shares\/?$/, "/api/v1/shares"],
  [/^\/api\/v1\/shares\/[^/]+\/meta\/?$/, "/api/v1/shares/[id]/meta"],
  [/^\/api\/v1\/shares\/[^/]+\/read\/?$/, "/api/v1/shares/[id]/read"],
  [/^\/api\/v1\/shares\/[^/]+\/?$/, "/api/v1/shares/[id]"],
  [/^\/api\/v1\/(health|openapi\.json|cron\/cleanup)\/?$/, "/api/v1/$1"],
  [/^\/api\/v1(\/.*)?$/, "/api/v1/[...path]"],
  [/^\/admin(\/.*)?$/, "/admin"],
  [/^\/_next\/static\//, "/_next/static"],
  [/^\/_next\//, "/_next"],
  [/^\/?$/, "/"],
  [/^\/[A-Za-z0-9]{10}\/?$/, "/[id]"],
];

export function requestRoute(pathname: string): string {
  for (const [pattern, route] of routes) {
    const match = pattern.exec(pathname);
    if (match) return route.replace("$1", match[1] ?? "");
  }
  return "other";
}
