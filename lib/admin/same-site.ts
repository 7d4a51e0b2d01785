import type { HeaderLookup } from "../http/api-request";
// Cross-site request refusal for the admin API, on top of the SameSite=Strict session cookie (which
// older or misconfigured browsers may not honour). A state-changing request must show that it comes
// from this site's own pages: Sec-Fetch-Site, when the browser sends it, must be "same-origin", and
// Origin, when sent, must be this site (the host the request was made to, or PUBLIC_URL's origin).
// A request carrying neither header cannot prove where it came from and is refused too. A form
// posted from a page under `Referrer-Policy: no-referrer` (every page here) says `Origin: null`:
// it counts only with Sec-Fetch-Site saying "same-origin", since a sandboxed frame or an old browser
// says null from anywhere.

export function isSameSiteRequest(options: {
  headers: HeaderLookup;
  publicUrl: string | undefined;
}): boolean {
  const { headers, publicUrl } = options;
  const fetchSite = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  if (fetchSite === null && origin === null) return false;
  if (fetchSite !== null && fetchSite !== "same-origin") return false;
  if (origin === null) return true;
  if (origin === "null") return fetchSite === "same-origin";
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  const host = headers.get("host");
  return host !== null && URL.canParse(origin) && new URL(origin).host === host;
}
