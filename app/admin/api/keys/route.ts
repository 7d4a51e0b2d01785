import { toIssuedKeyResponse } from "@/lib/admin/admin-responses";
import { issueKeyBodySchema } from "@/lib/admin/admin-schemas";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { issueApiKey } from "@/lib/keys/issue-api-key";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/admin/api/keys", {
  // POST /admin/api/keys: issue an API key; the key is in this response and nowhere else
  POST: async (request, _params, { limits, admin }) => {
    const { label } = parseBody(issueKeyBodySchema, await readJsonBody(request), () => "bad_json");
    const issued = await issueApiKey({ label });
    await recordAdminAction({
      action: "key_issued",
      client: limits.clientId,
      admin,
      subject: issued.prefix,
      details: { id: issued.id, label: issued.label },
    });
    return jsonResponse(toIssuedKeyResponse(issued), { status: 201 });
  },
});
