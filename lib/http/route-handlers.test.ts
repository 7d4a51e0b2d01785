import { describe, expect, it } from "vitest";
import { ApiAnswer } from "./api-answer";
import { routeHandlers } from "./route-handlers";

// What a route file exports for the methods it does not serve; the served ones are its handlers.

const served = async () => new ApiAnswer("served");
const noParams = { params: Promise.resolve({}) };

describe("routeHandlers", () => {
  it("refuses other methods with 405 method_not_allowed and Allow, leaves HEAD to Next.js beside GET", async () => {
    const exports = routeHandlers("/api/v1/health", { GET: served });
    expect(await (await exports.GET(new Request("http://x/"), noParams)).text()).toBe("served");
    expect(exports.HEAD).toBeUndefined();
    const refused = await exports.POST(new Request("http://x/", { method: "POST" }), noParams);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await refused.json()).toEqual({
      error: "method_not_allowed",
      message: "This path answers GET only.",
    });
    const options = await exports.OPTIONS(new Request("http://x/", { method: "OPTIONS" }), noParams);
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS"]);
  });

  it("names every method a route serves, in its declaration's order", async () => {
    const exports = routeHandlers("/admin/api/session", { POST: served, DELETE: served });
    const refused = await exports.PUT(new Request("http://x/", { method: "PUT" }), noParams);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("DELETE, OPTIONS, POST");
    expect(await refused.json()).toEqual({
      error: "method_not_allowed",
      message: "This path answers POST and DELETE only.",
    });
    expect(exports.HEAD).toBeDefined();
  });

  it("answers every method of a route that serves none as an unknown route, OPTIONS included", async () => {
    const exports = routeHandlers("/api/v1/[...path]", {});
    const params = { params: Promise.resolve({ path: ["x"] }) };
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const response = await exports[method]?.(new Request("http://x/", { method }), params);
      expect(response?.status, method).toBe(404);
      expect(response?.headers.get("allow"), method).toBeNull();
      expect(await response?.json(), method).toEqual({ error: "not_found", message: "No such API route." });
    }
  });
});
