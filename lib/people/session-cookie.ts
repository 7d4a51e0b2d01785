import type { ApiRequest, HeaderLookup } from "../http/api-request";
import { setCookieHeader } from "../http/set-cookie";
import { signInLifetimeSeconds } from "./session-rules";

// The cookies of people's sign-in. `notes_session` carries a session's random token to every page
// (Path=/, SameSite=Lax); Strict would leave it behind on every arrival from another site, the
// provider's redirect back included, so a person just signed in would land signed out.
// `notes_sign_in` binds a sign-in under way to the browser that started it (login CSRF), for ten
// minutes and for /auth alone (Lax: it must come back with the provider's cross-site redirect); the
// callback that ends that sign-in, signed in or refused, clears it.
// With OIDC_SIGN_OUT_AT_PROVIDER=1, `notes_id_token` keeps the provider's ID token in the person's
// own browser, sent to /auth/sign-out alone (Strict), as the id_token_hint of the provider's sign-out:
// some providers require it, most use it to skip asking which session to end. The server keeps no copy.

export const sessionCookieName = "notes_session";
export const signInCookieName = "notes_sign_in";
export const idTokenCookieName = "notes_id_token";

/** The longest ID token kept: a browser drops a cookie of more than 4096 bytes, name and attributes included. */
export const idTokenCookieMaxLength = 3800;

export function sessionCookie(request: ApiRequest, token: string, maxAgeSeconds: number): string {
  return setCookieHeader(request, sessionCookieName, token, {
    sameSite: "lax",
    path: "/",
    maxAge: maxAgeSeconds,
  });
}

export function signInCookie(
  request: ApiRequest,
  value: string,
  maxAgeSeconds = signInLifetimeSeconds,
): string {
  return setCookieHeader(request, signInCookieName, value, {
    sameSite: "lax",
    path: "/auth",
    maxAge: maxAgeSeconds,
  });
}

export function idTokenCookie(request: ApiRequest, idToken: string, maxAgeSeconds: number): string {
  return setCookieHeader(request, idTokenCookieName, idToken, {
    sameSite: "strict",
    path: "/auth/sign-out",
    maxAge: maxAgeSeconds,
  });
}

/** One cookie's value from the request's Cookie header; undefined without one (and no work done). */
export function cookieValue(headers: HeaderLookup, name: string): string | undefined {
  const header = headers.get("cookie");
  if (header === null || !header.includes(name)) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
