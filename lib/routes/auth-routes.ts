import type { RouteAccess } from "./route-access";
import type { RouteDeclaration } from "./route-declaration";

// People's sign-in through the organisation's OpenID Connect provider (lib/people). Browser
// navigations answered with redirects, not part of the public API nor its OpenAPI document; each
// method carries its access and a summary. Every one is 404 while no provider is configured.

type AuthOperation = RouteAccess & {
  readonly auth: "sign-in" | "sign-in-same-site";
  readonly summary: string;
};

export const authRoutes = [
  {
    pattern: "/auth/sign-in",
    methods: {
      GET: {
        auth: "sign-in",
        summary: "Redirect to the provider to sign in (?return_to= a path on this site)",
      },
    },
  },
  {
    pattern: "/auth/callback",
    methods: {
      GET: { auth: "sign-in", summary: "The provider's redirect back: checks it, starts the session" },
    },
  },
  {
    pattern: "/auth/sign-out",
    methods: {
      POST: {
        auth: "sign-in-same-site",
        summary: "Sign out: ends the session on the server, clears the cookie",
      },
    },
  },
] as const satisfies readonly RouteDeclaration<AuthOperation>[];
