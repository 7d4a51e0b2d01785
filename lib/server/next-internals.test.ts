import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDirectRoutes } from "./direct-api-routes";
import { loadBuiltRouteExports, nextVersion } from "./next-internals";

// Reads the real build in .next, as `npm start` does, so that a Next.js upgrade that changes the
// compiled routes' shape fails here. `npm test` runs this suite before the integration suite, which
// builds when there is no build: on a fresh clone that has not built yet, these tests are skipped
// and say so. CI builds before it tests (.ci/run), so there a missing build is a failure.

const distDir = path.resolve(".next");
const built = existsSync(path.join(distDir, "BUILD_ID"));
if (!built) console.warn("next-internals.test.ts: no build in .next (npm run build): skipped.");

describe.runIf(built || process.env.CI)(`Next.js ${nextVersion}'s compiled app routes`, () => {
  it("are there to check", () => {
    expect(built, "No build in .next: run `npm run build` before the unit tests.").toBe(true);
  });

  it("give a route file's exports: the methods routeHandlers made", async () => {
    const exports = await loadBuiltRouteExports(distDir, "api/v1/shares");
    expect(Object.keys(exports)).toEqual(
      expect.arrayContaining(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
    );
    expect(typeof exports.POST).toBe("function");
  });

  it("give every direct route its handlers", async () => {
    const directRoutes = await loadDirectRoutes(distDir);
    expect(directRoutes.length).toBeGreaterThan(5);
    for (const route of directRoutes)
      expect(Object.keys(route.methods), String(route.pattern)).not.toEqual([]);
  });
});

describe("loadBuiltRouteExports", () => {
  it("fails naming the Next.js version when a compiled route has another shape", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "notes-next-internals-"));
    try {
      const routeDir = path.join(dir, "server", "app", "api", "odd");
      await mkdir(routeDir, { recursive: true });
      await writeFile(path.join(routeDir, "route.js"), "module.exports = { handler() {} };\n");
      await expect(loadBuiltRouteExports(dir, "api/odd")).rejects.toThrow(
        `Next.js ${nextVersion}'s build of /api/odd has no routeModule.ensureUserland()`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
