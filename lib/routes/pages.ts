import { noteIdPattern } from "../notes/note-policy";
import { bySpecificity, patternRegExp } from "./route-declaration";

// Every page of the app, and Next.js's own files, each declared once, as the route table declares
// the JSON routes: the front server names requests in logs and metrics from both tables
// (match-route.ts), and the page proxy (proxy.ts) reads here which page a path renders and
// whether its link is a secret. Small on purpose: the proxy runs inside Next.js on every page.

export type PageDeclaration = {
  /** `/requests/[id]`: the folder under `app/` that holds its page.tsx, or where Next.js serves its files. */
  readonly pattern: string;
  /** Logs name it only for params of these shapes (a note's id); other such paths are "other". */
  readonly shapes?: Readonly<Record<string, RegExp>>;
  /** Logs name every path below it after it too (`/admin/anything`, `/_next/static/chunks/x.js`). */
  readonly below?: boolean;
  /** Not a page of `app/`: Next.js's build output, which the proxy never sees as a page. */
  readonly nextFiles?: boolean;
  /** Its link is a secret: kept out of search engines and out of every cache. */
  readonly secretLink?: boolean;
  /** A note's viewer: charged to the reads limit, and the one page that may show a trusted frame. */
  readonly noteViewer?: boolean;
};

/** Most specific first, so the first pattern a path matches is the page Next.js would render. */
export const pages: readonly PageDeclaration[] = [
  { pattern: "/" },
  { pattern: "/admin", below: true },
  { pattern: "/me" },
  { pattern: "/me/notes/[id]", secretLink: true },
  // Its token turns notifications off: kept out of caches and search engines like a note's link.
  { pattern: "/notifications/off", secretLink: true },
  { pattern: "/requests/new" },
  { pattern: "/requests/[id]", secretLink: true },
  { pattern: "/status/[id]" },
  { pattern: "/[id]", shapes: { id: noteIdPattern }, secretLink: true, noteViewer: true },
  { pattern: "/_next/static", below: true, nextFiles: true },
  { pattern: "/_next", below: true, nextFiles: true },
].sort(bySpecificity);

/** Each page as Next.js routes to it: every param's value, no trailing slash, nothing below. */
const rendered = pages
  .filter((page) => !page.nextFiles)
  .map((page) => ({ page, pattern: patternRegExp(page.pattern, { trailingSlash: false }) }));

/** The page Next.js renders for `pathname` (a note's viewer for any other single segment), if any. */
export function renderedPage(pathname: string): PageDeclaration | undefined {
  return rendered.find(({ pattern }) => pattern.test(pathname))?.page;
}
