import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { createWebhookBodySchema } from "@/lib/webhooks/webhook-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/webhooks", {
  // GET /api/v1/webhooks: the key's webhooks
  GET: async (_request, _params, { apiKey }) =>
    jsonResponse({ webhooks: await listWebhooks({ keyId: apiKey.id }) }),
  // POST /api/v1/webhooks: add one; its signing secret is in this answer only
  POST: async (request, _params, { apiKey }) => {
    const body = parseBody(createWebhookBodySchema, await readJsonBody(request), () => "bad_webhook");
    return jsonResponse(await createWebhook({ keyId: apiKey.id }, body), { status: 201 });
  },
});
