import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/openapi-document";
import { matchRoute } from "./match-route";
import { declaredMethods, openApiPath } from "./route-declaration";
import { apiRoutes, routes } from "./routes";

/** Every route file under `app/`, as the pattern of its folder, with its source. */
async function routeFiles(): Promise<{ pattern: string; source: string }[]> {
  const files = (await readdir("app", { recursive: true })).filter(
    (file) => path.basename(file) === "route.ts",
  );
  return Promise.all(
    files.map(async (file) => ({
      pattern: `/${path.dirname(file).split(path.sep).join("/")}`,
      source: await readFile(path.join("app", file), "utf8"),
    })),
  );
}

describe("the route table", () => {
  it("declares exactly the app's route files, and each file binds its own folder's pattern", async () => {
    const files = await routeFiles();
    expect(files.map((file) => file.pattern).sort()).toEqual(routes.map((route) => route.pattern).sort());
    for (const { pattern, source } of files) {
      const bound = /= routeHandlers\(\s*"([^"]+)"/.exec(source)?.[1];
      expect(bound, pattern).toBe(pattern);
    }
  });

  it("is what the OpenAPI document lists, path by path and method by method", () => {
    const document = buildOpenApiDocument({ baseUrl: "http://localhost", siteName: "Notes" }) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method} ${route}`),
    );
    const declared = apiRoutes.flatMap((route) =>
      declaredMethods<unknown>(route).map(
        ([method]) => `${method.toLowerCase()} ${openApiPath(route.pattern)}`,
      ),
    );
    expect(documented.sort()).toEqual(declared.sort());
  });

  it("names requests in logs by the most specific pattern they match, never by their path", () => {
    expect(
      [
        "/api/v1/shares",
        "/api/v1/shares/AbCdEfGhIj/read/",
        "/api/v1/shares/AbCdEfGhIj",
        "/api/v1/openapi.json",
        "/api/v1",
        "/api/v1/nothing/here",
        "/admin/api/notes/lookup",
        "/admin/api/notes/AbCdEfGhIj",
        "/admin/api/nothing",
        "/admin",
        "/AbCdEfGhIj",
        "/favicon.ico",
      ].map((path) => matchRoute(path).name),
    ).toEqual([
      "/api/v1/shares",
      "/api/v1/shares/[id]/read",
      "/api/v1/shares/[id]",
      "/api/v1/openapi.json",
      "/api/v1/[...path]",
      "/api/v1/[...path]",
      "/admin/api/notes/lookup",
      "/admin/api/notes/[id]",
      "/admin/api/[...path]",
      "/admin",
      "/[id]",
      "other",
    ]);
  });
});
