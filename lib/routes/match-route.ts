import { pages } from "./pages";
import { bySpecificity, patternRegExp } from "./route-declaration";
import { routes, type Route } from "./routes";

// The one match of a request's path against the route table and the pages, made by the front
// server as a request arrives. Its body limit, its 405 for other methods, the direct routes'
// dispatch and its log line and metrics all read this match; Next.js matches again on its own.

export type RouteMatch = {
  /** The path, still percent-encoded, without the query. */
  readonly pathname: string;
  /** The JSON route the path names, or null for a page, Next.js's files or nothing. */
  readonly route: Route | null;
  /** Its name in logs and metrics: the pattern, never the path, because a note's id opens it. */
  readonly name: string;
  /** The params as the path spells them, not yet percent-decoded (the path may not decode). */
  readonly params: Readonly<Record<string, string>> | undefined;
};

type Candidate = { regExp: RegExp; pattern: string; route: Route | null };

/**
 * Every route and page by the first segment of its pattern, most specific first; a param there
 * (`/[id]`) goes under "" with the root. A path is tried against its first segment's candidates,
 * then those under "": the order bySpecificity gives, as a fixed segment comes before a param.
 */
const candidates = new Map<string, Candidate[]>();
for (const { route, page } of [
  ...routes.map((route) => ({ route, page: null })),
  ...pages.map((page) => ({ route: null, page })),
]) {
  const { pattern } = route ?? page;
  const first = pattern.split("/")[1] ?? "";
  const key = first.startsWith("[") ? "" : first;
  const regExp = patternRegExp(pattern, { trailingSlash: true, below: page?.below, shapes: page?.shapes });
  candidates.set(key, [...(candidates.get(key) ?? []), { regExp, pattern, route }].sort(bySpecificity));
}
const paramFirst = candidates.get("") ?? [];

function firstMatch(list: readonly Candidate[] | undefined, pathname: string): RouteMatch | null {
  for (const { regExp, pattern, route } of list ?? []) {
    const match = regExp.exec(pathname);
    if (match) return { pathname, route, name: pattern, params: match.groups };
  }
  return null;
}

/** What `pathname` names: the most specific route or page whose pattern it matches, or "other". */
export function matchRoute(pathname: string): RouteMatch {
  const end = pathname.indexOf("/", 1);
  const first = pathname.slice(1, end === -1 ? undefined : end);
  return (
    (first === "" ? null : firstMatch(candidates.get(first), pathname)) ??
    firstMatch(paramFirst, pathname) ?? { pathname, route: null, name: "other", params: undefined }
  );
}
