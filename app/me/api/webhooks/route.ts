import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { createPersonTarget } from "@/lib/webhooks/person-targets";
import { createWebhookBodySchema } from "@/lib/webhooks/webhook-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/me/api/webhooks", {
  // POST /me/api/webhooks: add a notification target; a standard one's secret is in this answer only
  POST: async (request, _params, { person }) => {
    const body = parseBody(createWebhookBodySchema, await readJsonBody(request), () => "bad_webhook");
    return jsonResponse(await createPersonTarget(person, body), { status: 201 });
  },
});
