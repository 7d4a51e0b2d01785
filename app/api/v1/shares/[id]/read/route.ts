import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { authenticateRequest } from "@/lib/keys/authenticate-request";
import { parseBody } from "@/lib/http/parse-body";
import { readShare } from "@/lib/shares/read-share";
import { toReadShareResponse } from "@/lib/shares/share-response";
import { readShareBodySchema } from "@/lib/shares/share-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/shares/[id]/read", {
  // POST /api/v1/shares/<id>/read: read a note, counting one view
  POST: async (request, { id }, limits) => {
    await limits.charge("read", limits.clientId);
    await authenticateRequest(request.headers);
    const body = parseBody(
      readShareBodySchema,
      await readJsonBody(request, { emptyAsObject: true }),
      () => "bad_json",
    );
    const share = await readShare({ id, password: body.password, limits });
    return jsonResponse(toReadShareResponse(share), { headers: { "cache-control": "no-store" } });
  },
});
