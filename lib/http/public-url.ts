import { env } from "../env";
import type { ApiRequest } from "./api-request";

const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The site root that note links start with: PUBLIC_URL, else the origin the client addressed
 * (its Host header; Next.js itself reports its own hostname in request.url). Behind a proxy that
 * terminates TLS, set PUBLIC_URL.
 */
export function publicBaseUrl(request: ApiRequest): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const url = new URL(request.url);
  const host = request.headers.get("host");
  return host && hostPattern.test(host) ? `${url.protocol}//${host}` : url.origin;
}
