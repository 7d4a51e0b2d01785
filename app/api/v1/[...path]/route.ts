import { routeHandlers } from "@/lib/http/route-handlers";

// Any other path under /api/v1: a JSON not_found rather than the site's HTML 404 page, whatever the
// method (OPTIONS too: Next.js's own would answer 204 and list every method here as allowed).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/[...path]", {});
