import { adminRoute } from "@/lib/admin/admin-route";
import { toIssuedKeyResponse } from "@/lib/admin/admin-responses";
import { issueKeyBodySchema } from "@/lib/admin/admin-schemas";
import { recordAdminAction } from "@/lib/admin/record-admin-action";
import { otherMethods } from "@/lib/http/other-methods";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { issueApiKey } from "@/lib/keys/issue-api-key";

// POST /admin/api/keys: issue an API key; the key is in this response and nowhere else
export const POST = adminRoute("POST /admin/api/keys", { session: true }, async (request, { client }) => {
  const { label } = parseBody(issueKeyBodySchema, await readJsonBody(request), () => "bad_json");
  const issued = await issueApiKey({ label });
  await recordAdminAction({
    action: "key_issued",
    client,
    subject: issued.prefix,
    details: { id: issued.id, label: issued.label },
  });
  return jsonResponse(toIssuedKeyResponse(issued), { status: 201 });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
