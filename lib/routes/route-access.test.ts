import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OpenApiOperation } from "../openapi/api-responses";
import { declaredMethods } from "./route-declaration";
import { apiRoutes, routes } from "./routes";

// Who may call a route and what it charges are declared once (lib/routes/route-access.ts) and
// enforced by the route wrapper: these keep the route files from doing it again by hand, and the
// documented answers in step with what the wrapper can refuse.

const operations = apiRoutes.flatMap((route) =>
  declaredMethods<OpenApiOperation>(route).map(([method, operation]) => ({
    ...operation,
    name: `${method} ${route.pattern}`,
  })),
);

const codes = (response: OpenApiOperation["responses"][number] | undefined) => response?.codes ?? [];

describe("route access", () => {
  it("leaves no route file to authenticate, authorize or charge a limit itself", async () => {
    const files = (await readdir("app", { recursive: true })).filter(
      (file) => path.basename(file) === "route.ts",
    );
    expect(files).toHaveLength(routes.length);
    for (const file of files) {
      const source = await readFile(path.join("app", file), "utf8");
      expect(source, file).not.toMatch(/authenticateRequest|authorizeOwner|authorizeCronRequest|\.charge\(/);
    }
  });

  it("documents a 429 exactly where a limit is declared", () => {
    for (const operation of operations) {
      expect(operation.responses[429] !== undefined, operation.name).toBe(operation.limit !== undefined);
    }
  });

  it("documents the refusals of the declared caller", () => {
    for (const { name, auth, responses } of operations) {
      if (auth?.startsWith("api-key")) expect(codes(responses[401]), name).toContain("bad_api_key");
      if (auth === "api-key-required") {
        expect(
          codes(responses[401]).some((code) => code === "api_key_required" || code === "bad_api_key"),
          name,
        ).toBe(true);
      }
      if (auth === "owner-proof") expect(codes(responses[403]), name).toContain("wrong_owner_proof");
      if (auth === "cron-secret") expect(codes(responses[401]), name).toContain("bad_cron_secret");
      // A route that takes no key checks one only where a personal key opens a note or request for
      // members only (sign_in_required).
      const membersOnly = codes(responses[401]).includes("sign_in_required");
      if (auth === undefined && !membersOnly)
        expect(codes(responses[401]), name).not.toContain("bad_api_key");
    }
  });
});
