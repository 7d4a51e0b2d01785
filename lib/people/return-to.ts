// Where a person lands after signing in: `?return_to=` on /auth/sign-in, a path on this site only.
// An absolute URL, `//host` and `/\host` (which browsers read as `//host`) would send a freshly
// signed-in person to another site, so they are refused rather than followed.

export const defaultReturnTo = "/me";

const placeholderOrigin = "http://site.invalid";

/** The path to return to (`/me` when none is given), or null when `value` is not a path on this site. */
export function returnToPath(value: string | null): string | null {
  if (value === null || value === "") return defaultReturnTo;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // A backslash reads as a slash, and URL parsers drop tabs and newlines: `/\t/host` is `//host`.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const url = new URL(value, placeholderOrigin);
  if (url.origin !== placeholderOrigin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
