import { toIssuedKeyResponse } from "@/lib/admin/admin-responses";
import { issueKeyBodySchema } from "@/lib/admin/admin-schemas";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { issueApiKey } from "@/lib/keys/issue-api-key";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/me/api/keys", {
  // POST /me/api/keys: issue a personal API key; the key is in this response and nowhere else
  POST: async (request, _params, { person }) => {
    const { label } = parseBody(issueKeyBodySchema, await readJsonBody(request), () => "bad_json");
    const issued = await issueApiKey({ label, personId: person.id });
    return jsonResponse(toIssuedKeyResponse(issued), { status: 201 });
  },
});
