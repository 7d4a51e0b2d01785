import type { ApiError } from "../http/api-error";

// What a route is, as data: its path pattern in the app folder's own spelling, the methods it serves
// and, per method, what the OpenAPI document says about it (or, for the admin page's routes, a
// summary). Everything else that names routes is derived from these declarations.

/** HEAD is never declared: Next.js answers it from GET. */
export type ServedMethod = "GET" | "POST" | "PUT" | "DELETE";

export type RouteDeclaration<Operation> = {
  /** `/api/v1/shares/[id]/read`: the folder under `app/` that holds its route.ts. */
  readonly pattern: string;
  /** No methods at all: a catch-all, where every method answers as an unknown route. */
  readonly methods: Readonly<Partial<Record<ServedMethod, Operation>>>;
  /** Served by `npm start`'s front server straight from the build, skipping Next.js's router. */
  readonly direct?: boolean;
  /**
   * The most a request's body may hold, and the refusal of more, checked by the front server before
   * any handler reads it; without it, every route's 2 MiB (lib/server/request-body-limit.ts). The
   * refusal is made only when a body is refused: an error captures a stack trace.
   */
  readonly bodyLimit?: { readonly maxBytes: number; readonly refusal: () => ApiError };
};

/** `{ id: string }` for `/api/v1/shares/[id]/read`, as Next.js passes them. */
export type RouteParams<P extends string> = P extends `${string}[...${infer Name}]${infer Rest}`
  ? { [K in Name]: string[] } & RouteParams<Rest>
  : P extends `${string}[${infer Name}]${infer Rest}`
    ? { [K in Name]: string } & RouteParams<Rest>
    : unknown;

/** A route's methods with what it declares for each, in the order it gives them. */
export function declaredMethods<Operation>(route: RouteDeclaration<Operation>): [ServedMethod, Operation][] {
  return Object.entries(route.methods) as [ServedMethod, Operation][];
}

export type PatternOptions = {
  /** Also match the path with one trailing slash, as log names and refusals do. */
  readonly trailingSlash: boolean;
  /** Also match every path below the pattern's own (`/admin/anything`). */
  readonly below?: boolean;
  /** The shape a param must have, as an anchored pattern (a note's id). */
  readonly shapes?: Readonly<Record<string, RegExp>>;
};

/**
 * A regular expression for the paths a pattern matches, with its params as named groups.
 * `[...path]` also matches the bare prefix, as log names always have.
 */
export function patternRegExp(pattern: string, options: PatternOptions): RegExp {
  const source = pattern
    .split("/")
    .slice(pattern === "/" ? 2 : 1)
    .map((segment) => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment)?.[1];
      if (catchAll) return `(?:/(?<${catchAll}>.*))?`;
      const param = /^\[(\w+)\]$/.exec(segment)?.[1];
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return `/(?<${param}>${options.shapes?.[param]?.source.slice(1, -1) ?? "[^/]+"})`;
    })
    .join("");
  const end = options.below ? "(?:/.*)?" : options.trailingSlash ? "/?" : source === "" ? "/" : "";
  return new RegExp(`^${source}${end}$`);
}

/** `/api/v1/shares/{id}/read`: a pattern as an OpenAPI path. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/\[(\w+)\]/g, "{$1}");
}

const segmentRank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

/**
 * Orders patterns as Next.js matches them: segment by segment, a fixed segment before a param before
 * a catch-all, so `/admin/api/notes/lookup` comes before `/admin/api/notes/[id]`.
 */
export function bySpecificity(a: { pattern: string }, b: { pattern: string }): number {
  const left = a.pattern.split("/");
  const right = b.pattern.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const rank = segmentRank(left[i] ?? "") - segmentRank(right[i] ?? "");
    if (rank !== 0) return rank;
  }
  return right.length - left.length;
}
