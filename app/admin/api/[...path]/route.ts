import { routeHandlers } from "@/lib/http/route-handlers";

// Any other path under /admin/api: the JSON not_found of unknown API routes, not the site's HTML 404.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/[...path]", {});
