import type { RouteAccess } from "./route-access";
import type { RouteDeclaration } from "./route-declaration";

// The operator's branding the pages link to (lib/branding): not part of the public API nor its
// OpenAPI document.

type BrandOperation = RouteAccess & { readonly summary: string };

export const brandRoutes = [
  {
    pattern: "/brand/logo",
    methods: { GET: { summary: "The site's logo (SITE_LOGO); 404 without one" } },
  },
] as const satisfies readonly RouteDeclaration<BrandOperation>[];
