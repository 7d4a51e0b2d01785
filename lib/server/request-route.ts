import { patternRegExp } from "../routes/route-declaration";
import { routes } from "../routes/routes";
import { noteIdPattern } from "../notes/note-policy";

// The route a request matched, as a pattern: logs name `/api/v1/shares/[id]/read`, never the
// path itself, because a note's id is the secret that opens it. The JSON routes come from the route
// table; the pages and Next.js's own files are named here.
const patterns: [pattern: RegExp, route: string][] = [
  ...routes.map(({ pattern }): [RegExp, string] => [
    patternRegExp(pattern, { trailingSlash: true }),
    pattern,
  ]),
  [/^\/admin(\/.*)?$/, "/admin"],
  [/^\/_next\/static\//, "/_next/static"],
  [/^\/_next\//, "/_next"],
  [/^\/?$/, "/"],
  [new RegExp(`^/${noteIdPattern.source.slice(1, -1)}/?$`), "/[id]"],
];

export function requestRoute(pathname: string): string {
  return patterns.find(([pattern]) => pattern.test(pathname))?.[1] ?? "other";
}
