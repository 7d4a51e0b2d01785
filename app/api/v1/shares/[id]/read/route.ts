import { apiRoute } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/other-methods";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { authenticateRequest } from "@/lib/keys/authenticate-request";
import { readShare } from "@/lib/shares/read-share";
import { toReadShareResponse } from "@/lib/shares/share-response";

// POST /api/v1/shares/<id>/read: read a note, counting one view
export const POST = apiRoute<{ id: string }>(
  "POST /api/v1/shares/[id]/read",
  async (request, { id }, limits) => {
    await limits.charge("read", limits.clientId);
    await authenticateRequest(request.headers);
    const body = await readJsonBody(request, { emptyAsObject: true });
    const share = await readShare({ id, password: body.password, limits });
    return jsonResponse(toReadShareResponse(share), { headers: { "cache-control": "no-store" } });
  },
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
