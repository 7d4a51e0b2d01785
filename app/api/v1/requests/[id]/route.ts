import { ApiAnswer } from "@/lib/http/api-answer";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { getRequest } from "@/lib/requests/get-request";
import { deleteRequest } from "@/lib/requests/manage-answers";
import { authorizeOwner } from "@/lib/requests/request-owner";
import { toRequestResponse } from "@/lib/requests/request-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/requests/[id]", {
  // GET /api/v1/requests/<id>: what a responder sees
  GET: async (_request, { id }, limits) => {
    await limits.charge("read", limits.clientId);
    return jsonResponse(toRequestResponse(await getRequest(id)), {
      headers: { "cache-control": "no-store" },
    });
  },
  // DELETE /api/v1/requests/<id>: the requester deletes it, with its answers
  DELETE: async (request, { id }, limits) => {
    await limits.charge("read", limits.clientId);
    await deleteRequest(await authorizeOwner(id, request.headers));
    return new ApiAnswer(null, { status: 204 });
  },
});
