import { createRequire } from "node:module";
import path from "node:path";

// The one place that reads Next.js's build from the inside: a compiled app route
// (`<distDir>/server/app/<page>/route.js`) exports `routeModule`, whose `ensureUserland()` loads
// the route file's own exports into `userland`. That is not a public interface, so it is checked
// here and by next-internals.test.ts against the real build: a Next.js upgrade that changes it
// fails at start-up and in the unit tests with a message naming the version, rather than quietly.

const load = createRequire(import.meta.url);

/** The installed Next.js's version, for the messages that say which one broke the assumption. */
export const nextVersion = (load("next/package.json") as { version: string }).version;

type CompiledRoute = {
  routeModule?: { ensureUserland?: () => Promise<void>; userland?: Record<string, unknown> };
};

function shapeChanged(page: string, what: string): Error {
  return new Error(
    `Next.js ${nextVersion}'s build of /${page} ${what}: lib/server/next-internals.ts was written for ` +
      "the shape of Next.js 16.4's compiled app routes and needs updating.",
  );
}

/** The exports of the app route `page` (`api/v1/shares`) as Next.js's build in `distDir` compiled them. */
export async function loadBuiltRouteExports(distDir: string, page: string): Promise<Record<string, unknown>> {
  const compiled = load(path.join(distDir, "server", "app", page, "route.js")) as CompiledRoute;
  const routeModule = compiled.routeModule;
  if (typeof routeModule?.ensureUserland !== "function") {
    throw shapeChanged(page, "has no routeModule.ensureUserland()");
  }
  await routeModule.ensureUserland();
  const userland = routeModule.userland;
  if (typeof userland !== "object" || userland === null) {
    throw shapeChanged(page, "has no routeModule.userland after ensureUserland()");
  }
  return userland;
}
