import { describe, expect, it } from "vitest";
import fr from "../../messages/fr.json";
import type { ApiAnswer } from "../http/api-answer";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { signInFailurePage } from "./sign-in-failure-page";

const navigation = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const request = (headers: Record<string, string>) =>
  ({
    url: "http://notes.test/auth/callback",
    method: "GET",
    headers: new Headers(headers),
    body: null,
  }) as ApiRequest;
const stateRefused = new ApiError("bad_sign_in_state", "This sign-in was not started here.");

describe("a failed sign-in's page", () => {
  it("is for a browser's navigation: its language, the same status, and a way to try again", () => {
    const answer = signInFailurePage(
      request({ accept: navigation, "accept-language": "fr-CA,en;q=0.5" }),
      new ApiError("provider_unavailable", "The identity provider cannot be reached."),
      "/requests/new?x=1&y=<2>",
    );
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = String(answer.body);
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain(`<h1>${fr.signInFailed.title.replace("'", "&#39;")}</h1>`);
    expect(html).toContain(fr.signInFailed.provider_unavailable.replace("'", "&#39;"));
    expect(html).toContain(
      `<a href="/auth/sign-in?return_to=%2Frequests%2Fnew%3Fx%3D1%26y%3D%3C2%3E">${fr.signInFailed.tryAgain}</a>`,
    );
  });

  it("follows the language switcher's cookie, and links to sign-in alone without a return_to", () => {
    const answer = signInFailurePage(
      request({ accept: navigation, "accept-language": "fr", cookie: "locale=he" }),
      stateRefused,
      null,
    );
    expect(answer.status).toBe(400);
    expect(String(answer.body)).toContain('<html lang="he" dir="rtl">');
    expect(String(answer.body)).toContain('<a href="/auth/sign-in">');
  });

  it("is JSON for programs and for errors other than sign-in's, as any route answers them; a bug is thrown on", () => {
    const asJson = (answer: ApiAnswer) => [answer.status, answer.headers.get("content-type"), answer.body];
    const stateJson = [
      400,
      "application/json; charset=utf-8",
      JSON.stringify({ error: "bad_sign_in_state", message: "This sign-in was not started here." }),
    ];
    for (const accept of ["*/*", "application/json", "application/json, text/html;q=0.5"]) {
      expect(asJson(signInFailurePage(request({ accept }), stateRefused, null)), accept).toEqual(stateJson);
    }
    expect(asJson(signInFailurePage(request({}), stateRefused, null))).toEqual(stateJson);
    const other = new ApiError("unavailable", "The database is not ready.");
    expect(asJson(signInFailurePage(request({ accept: navigation }), other, null))).toEqual([
      503,
      "application/json; charset=utf-8",
      JSON.stringify({ error: "unavailable", message: "The database is not ready." }),
    ]);
    const bug = new TypeError("x is undefined");
    expect(() => signInFailurePage(request({ accept: navigation }), bug, null)).toThrow(bug);
  });
});
