import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { parseBody } from "@/lib/http/parse-body";
import { publicBaseUrl } from "@/lib/http/public-url";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { authenticateCreate } from "@/lib/keys/authenticate-create";
import { createShare } from "@/lib/shares/create-share";
import { shareMetaUrl, toCreatedShareResponse } from "@/lib/shares/share-response";
import { createShareBodySchema, createShareErrorCode } from "@/lib/shares/share-schemas";

// POST /api/v1/shares: create a note
export const POST = apiRoute("POST /api/v1/shares", async (request, _params, limits) => {
  const apiKey = await authenticateCreate({ request, limits });
  const body = parseBody(createShareBodySchema, await readJsonBody(request), createShareErrorCode);
  const share = await createShare({ body, apiKey });
  const baseUrl = publicBaseUrl(request);
  return jsonResponse(toCreatedShareResponse(share, baseUrl), {
    status: 201,
    headers: { location: shareMetaUrl(baseUrl, share.id) },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
