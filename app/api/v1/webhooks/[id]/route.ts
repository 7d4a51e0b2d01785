import { ApiAnswer } from "@/lib/http/api-answer";
import { routeHandlers } from "@/lib/http/route-handlers";
import { deleteWebhook } from "@/lib/webhooks/manage-webhooks";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/webhooks/[id]", {
  // DELETE /api/v1/webhooks/<id>: remove one of the key's webhooks
  DELETE: async (_request, { id }, { apiKey }) => {
    await deleteWebhook({ keyId: apiKey.id }, id);
    return new ApiAnswer(null, { status: 204 });
  },
});
