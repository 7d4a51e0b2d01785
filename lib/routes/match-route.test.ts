import { describe, expect, it } from "vitest";
import { maxWireChunkBytes } from "../files/file-limits";
import { matchRoute } from "./match-route";

describe("matchRoute", () => {
  it("names each path by the most specific route or page it matches, trailing slash or not", () => {
    const names: [path: string, name: string][] = [
      ["/api/v1/shares", "/api/v1/shares"],
      ["/api/v1/shares/", "/api/v1/shares"],
      ["/api/v1/shares/AbCdEfGhIj", "/api/v1/shares/[id]"],
      ["/api/v1/shares/AbCdEfGhIj/read", "/api/v1/shares/[id]/read"],
      ["/api/v1/shares/AbCdEfGhIj/meta/", "/api/v1/shares/[id]/meta"],
      ["/api/v1/shares/AbCdEfGhIj/files/0/chunks/3", "/api/v1/shares/[id]/files/[index]/chunks/[chunk]"],
      ["/api/v1/unknown", "/api/v1/[...path]"],
      ["/api/v1/", "/api/v1/[...path]"],
      ["/api", "other"],
      ["/admin/api/keys/", "/admin/api/keys"],
      ["/admin/api/keys/k1/revoke", "/admin/api/keys/[id]/revoke"],
      ["/admin/api/notes/lookup", "/admin/api/notes/lookup"],
      ["/admin/", "/admin"],
      ["/admin/anything/below", "/admin"],
      ["/administrator", "other"],
      ["/", "/"],
      ["/AbCdEfGhIj", "/[id]"],
      ["/AbCdEfGhIj/", "/[id]"],
      ["/AbCdEfGhI", "other"],
      ["/not-an-id!", "other"],
      ["/%zz", "other"],
      ["/requests/new", "/requests/new"],
      ["/requests/AbCdEfGhIj", "/requests/[id]"],
      ["/status/AbCdEfGhIj", "/status/[id]"],
      ["/_next/static/chunks/app.js", "/_next/static"],
      ["/_next/image", "/_next"],
      ["/favicon.ico", "other"],
      ["*", "other"],
    ];
    expect(names.map(([path]) => [path, matchRoute(path).name])).toEqual(names);
  });

  it("gives a JSON route's params as the path spells them, and no route for pages", () => {
    const read = matchRoute("/api/v1/shares/%41b/read/");
    expect(read.route?.pattern).toBe("/api/v1/shares/[id]/read");
    expect(read.params).toEqual({ id: "%41b" });
    expect(matchRoute("/api/v1/shares/%E2%82/read").params).toEqual({ id: "%E2%82" });
    expect(matchRoute("/AbCdEfGhIj").route).toBeNull();
    expect(matchRoute("/nowhere/at/all")).toEqual({
      pathname: "/nowhere/at/all",
      route: null,
      name: "other",
      params: undefined,
    });
  });

  it("carries the body limit a route declares: a chunk's upload, of a note's file or an answer's, takes one chunk", () => {
    const chunk = matchRoute("/api/v1/shares/AbCdEfGhIj/files/0/chunks/3/").route?.bodyLimit;
    expect(chunk?.maxBytes).toBe(maxWireChunkBytes);
    expect(chunk?.refusal().code).toBe("chunk_too_large");
    const answerChunk = matchRoute("/api/v1/requests/AbCdEfGhIj/answers/1/files/0/chunks/0").route?.bodyLimit;
    expect(answerChunk?.maxBytes).toBe(maxWireChunkBytes);
    expect(matchRoute("/api/v1/shares").route?.bodyLimit).toBeUndefined();
  });
});
