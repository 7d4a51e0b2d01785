import { env } from "@/lib/env";
import { publicBaseUrl } from "@/lib/http/public-url";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/openapi.json", {
  // GET /api/v1/openapi.json: the API described as an OpenAPI 3.1 document
  GET: async (request) =>
    jsonResponse(
      buildOpenApiDocument({ baseUrl: publicBaseUrl(request), siteName: env.SITE_NAME ?? "Notes" }),
    ),
});
