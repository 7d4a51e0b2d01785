import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { jsonResponse } from "@/lib/http/respond";
import { authenticateRequest } from "@/lib/keys/authenticate-request";
import { getShareMeta } from "@/lib/shares/get-share-meta";
import { toShareMetaResponse } from "@/lib/shares/share-response";

// GET /api/v1/shares/<id>/meta: a note's metadata, without counting a view
export const GET = apiRoute<{ id: string }>(
  "GET /api/v1/shares/[id]/meta",
  async (request, { id }, limits) => {
    await limits.charge("read", limits.clientId);
    await authenticateRequest(request.headers);
    const meta = await getShareMeta({ id });
    return jsonResponse(toShareMetaResponse(meta), { headers: { "cache-control": "no-store" } });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
