import { NextResponse } from "next/server";
import { env } from "../env";
import type { ApiRequest } from "./api-request";

// The Set-Cookie of the service's own cookies, as Next.js writes them: always HttpOnly, SameSite
// spelled out, and Secure whenever the site is served over https, as configured (PUBLIC_URL) or as
// requested.

export type CookieOptions = { sameSite: "strict" | "lax"; path: string; maxAge: number };

/** `name=value` for `maxAge` seconds (0 clears it). */
export function setCookieHeader(
  request: ApiRequest,
  name: string,
  value: string,
  options: CookieOptions,
): string {
  const secure = env.PUBLIC_URL?.startsWith("https:") || new URL(request.url).protocol === "https:";
  const response = new NextResponse(null);
  response.cookies.set(name, value, { httpOnly: true, secure, ...options });
  // Next.js writes the attribute's value in lower case; spelt as RFC 6265bis does, for tools that
  // look for `SameSite=Lax` literally.
  const sameSite = options.sameSite === "lax" ? "Lax" : "Strict";
  return (response.headers.get("set-cookie") ?? "").replace(/; SameSite=\w+/i, `; SameSite=${sameSite}`);
}
