import type { RouteAccess } from "./route-access";
import type { RouteDeclaration } from "./route-declaration";

// The admin page's own API: not part of the public API nor its OpenAPI document, so each method
// carries its access and a summary of what it does. Signing in and out needs no session; every
// other action does.

type AdminOperation = RouteAccess & {
  readonly auth: "admin" | "admin-session";
  readonly summary: string;
};

export const adminRoutes = [
  {
    pattern: "/admin/api/session",
    methods: {
      POST: {
        auth: "admin",
        limit: "admin-sign-in",
        summary: "Sign in with the admin secret; sets the signed session cookie",
      },
      DELETE: { auth: "admin", summary: "Sign out: ends the session for every server and clears the cookie" },
    },
  },
  {
    pattern: "/admin/api/keys",
    methods: {
      POST: {
        auth: "admin-session",
        summary: "Issue an API key; the key is in this response and nowhere else",
      },
    },
  },
  {
    pattern: "/admin/api/keys/[id]/revoke",
    methods: {
      POST: { auth: "admin-session", summary: "Revoke a key; the next request that presents it is refused" },
    },
  },
  {
    // POST keeps the note's id, which opens it, out of URLs and logs.
    pattern: "/admin/api/notes/lookup",
    methods: {
      POST: {
        auth: "admin-session",
        summary: "A note's metadata by id or URL, without its content or a view",
      },
    },
  },
  {
    pattern: "/admin/api/notes/[id]/review",
    methods: {
      POST: {
        auth: "admin-session",
        summary: "A note's content for moderation; counts no view, is recorded",
      },
    },
  },
  {
    pattern: "/admin/api/notes/[id]",
    methods: {
      DELETE: { auth: "admin-session", summary: "Take a note down (delete it and its content for good)" },
    },
  },
  {
    pattern: "/admin/api/requests/[id]",
    methods: {
      DELETE: { auth: "admin-session", summary: "Take a request down (delete it and its answers for good)" },
    },
  },
  {
    pattern: "/admin/api/people/[id]/sessions",
    methods: {
      DELETE: {
        auth: "admin-session",
        summary: "End every session of a person at once; their next request is signed out",
      },
    },
  },
  { pattern: "/admin/api/[...path]", methods: {} },
] as const satisfies readonly RouteDeclaration<AdminOperation>[];
