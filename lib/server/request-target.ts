// The target of a request line in origin form (`/path?query`). Clients talking to a proxy send
// the absolute form (`GET http://host/path`), which a server must accept (RFC 9112, 3.2.2); the
// host in it is the client's word, and handed on as it is, Next.js redirected to it (its 308 for a
// trailing slash named that host). This server answers from the path and query alone.

/** The origin form of `target`, or null for a target that has none (`*`, a non-HTTP URL). */
export function originForm(target: string): string | null {
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return null;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}
