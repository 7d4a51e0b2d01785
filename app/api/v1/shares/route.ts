import { parseBody } from "@/lib/http/parse-body";
import { publicBaseUrl } from "@/lib/http/public-url";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { authenticateCreate } from "@/lib/keys/authenticate-create";
import { createShare } from "@/lib/shares/create-share";
import { shareMetaUrl, toCreatedShareResponse } from "@/lib/shares/share-response";
import { createShareBodySchema, createShareErrorCode } from "@/lib/shares/share-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares", {
  // POST /api/v1/shares: create a note
  POST: async (request, _params, limits) => {
    const apiKey = await authenticateCreate({ request, limits });
    const body = parseBody(createShareBodySchema, await readJsonBody(request), createShareErrorCode);
    const share = await createShare({ body, apiKey });
    const baseUrl = publicBaseUrl(request);
    return jsonResponse(toCreatedShareResponse(share, baseUrl), {
      status: 201,
      headers: { location: shareMetaUrl(baseUrl, share.id) },
    });
  },
});
