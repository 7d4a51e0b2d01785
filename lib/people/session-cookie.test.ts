import { describe, expect, it } from "vitest";
import type { ApiRequest } from "../http/api-request";
import { cookieValue, sessionCookie, signInCookie } from "./session-cookie";

const request = (url: string) => ({ url, method: "GET", headers: new Headers(), body: null }) as ApiRequest;

/** A Set-Cookie's parts but Expires (Next.js adds it beside Max-Age, from the clock). */
const parts = (setCookie: string) => setCookie.split("; ").filter((part) => !part.startsWith("Expires="));

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax and for the whole site", () => {
    const cookie = sessionCookie(request("http://notes.test/auth/callback"), "token", 604_800);
    expect(parts(cookie)).toEqual([
      "notes_session=token",
      "Path=/",
      "Max-Age=604800",
      "HttpOnly",
      "SameSite=Lax",
    ]);
  });

  it("is Secure under https", () => {
    const cookie = sessionCookie(request("https://notes.test/auth/callback"), "token", 604_800);
    expect(parts(cookie)).toEqual([
      "notes_session=token",
      "Path=/",
      "Max-Age=604800",
      "Secure",
      "HttpOnly",
      "SameSite=Lax",
    ]);
  });

  it("is cleared with an empty value and Max-Age=0", () => {
    expect(parts(sessionCookie(request("http://notes.test/auth/sign-out"), "", 0))).toEqual([
      "notes_session=",
      "Path=/",
      "Max-Age=0",
      "HttpOnly",
      "SameSite=Lax",
    ]);
  });
});

describe("the sign-in cookie", () => {
  it("is sent only to /auth, for ten minutes", () => {
    expect(parts(signInCookie(request("http://notes.test/auth/sign-in"), "b"))).toEqual([
      "notes_sign_in=b",
      "Path=/auth",
      "Max-Age=600",
      "HttpOnly",
      "SameSite=Lax",
    ]);
  });
});

describe("cookieValue", () => {
  const headers = (cookie?: string) => new Headers(cookie === undefined ? {} : { cookie });

  it("reads one cookie among others", () => {
    expect(cookieValue(headers("a=1; notes_session=abc; b=2"), "notes_session")).toBe("abc");
    expect(cookieValue(headers("notes_session=abc"), "notes_session")).toBe("abc");
  });

  it("is undefined without it, or with only a cookie whose name merely contains it", () => {
    expect(cookieValue(headers(), "notes_session")).toBeUndefined();
    expect(cookieValue(headers("x_notes_session=abc"), "notes_session")).toBeUndefined();
  });
});
