import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { publicBaseUrl } from "@/lib/http/public-url";
import { jsonResponse } from "@/lib/http/respond";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

// GET /api/v1/openapi.json: the API described as an OpenAPI 3.1 document
export const GET = apiRoute("GET /api/v1/openapi.json", async (request) =>
  jsonResponse(buildOpenApiDocument({ baseUrl: publicBaseUrl(request) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
