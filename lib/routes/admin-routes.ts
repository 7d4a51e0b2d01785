import type { RouteDeclaration } from "./route-declaration";

// The admin page's own API: not part of the public API nor its OpenAPI document, so each method
// carries only a summary of what it does.

export type AdminOperation = { readonly summary: string };

export const adminRoutes = [
  {
    pattern: "/admin/api/session",
    methods: {
      POST: { summary: "Sign in with the admin secret; sets the signed session cookie" },
      DELETE: { summary: "Sign out: ends the session for every server and clears the cookie" },
    },
  },
  {
    pattern: "/admin/api/keys",
    methods: { POST: { summary: "Issue an API key; the key is in this response and nowhere else" } },
  },
  {
    pattern: "/admin/api/keys/[id]/revoke",
    methods: { POST: { summary: "Revoke a key; the next request that presents it is refused" } },
  },
  {
    // POST keeps the note's id, which opens it, out of URLs and logs.
    pattern: "/admin/api/notes/lookup",
    methods: { POST: { summary: "A note's metadata by id or URL, without its content or a view" } },
  },
  {
    pattern: "/admin/api/notes/[id]/review",
    methods: { POST: { summary: "A note's content for moderation; counts no view, is recorded" } },
  },
  {
    pattern: "/admin/api/notes/[id]",
    methods: { DELETE: { summary: "Take a note down (delete it and its content for good)" } },
  },
  {
    pattern: "/admin/api/requests/[id]",
    methods: { DELETE: { summary: "Take a request down (delete it and its answers for good)" } },
  },
  { pattern: "/admin/api/[...path]", methods: {} },
] as const satisfies readonly RouteDeclaration<AdminOperation>[];
