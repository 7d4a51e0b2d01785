import type { RouteAccess } from "./route-access";
import type { RouteDeclaration } from "./route-declaration";

// The /me page's own API: a signed-in person's actions on what is theirs. Not part of the public API
// nor its OpenAPI document; each method carries its access and a summary. Every one is 404 while no
// provider is configured, refused cross-site, and needs the person's session (lib/routes/identify-person.ts).

type MeOperation = RouteAccess & {
  readonly auth: "person-session";
  readonly summary: string;
};

export const meRoutes = [
  {
    pattern: "/me/api/keys",
    methods: {
      POST: {
        auth: "person-session",
        summary:
          "Issue a personal API key, which acts as the person; the key is in this response and nowhere else",
      },
    },
  },
  {
    pattern: "/me/api/keys/[id]/revoke",
    methods: {
      POST: { auth: "person-session", summary: "Revoke one of the person's own keys" },
    },
  },
  {
    pattern: "/me/api/webhooks",
    methods: {
      POST: {
        auth: "person-session",
        summary:
          "Add one of the person's own notification targets; a standard one's signing secret is in this response and nowhere else",
      },
    },
  },
  {
    pattern: "/me/api/webhooks/[id]",
    methods: {
      DELETE: { auth: "person-session", summary: "Delete one of the person's own notification targets" },
    },
  },
] as const satisfies readonly RouteDeclaration<MeOperation>[];
