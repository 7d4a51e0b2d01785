import { ApiAnswer } from "@/lib/http/api-answer";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { signedInOf } from "@/lib/people/sign-in-gate";
import { getRequestForResponder } from "@/lib/requests/get-request";
import { deleteRequest } from "@/lib/requests/manage-answers";
import { toRequestResponse } from "@/lib/requests/request-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers("/api/v1/requests/[id]", {
  // GET /api/v1/requests/<id>: what a responder sees
  GET: async (request, { id }) => {
    const found = await getRequestForResponder(id, signedInOf(request.headers));
    return jsonResponse(toRequestResponse(found), {
      headers: { "cache-control": "no-store" },
    });
  },
  // DELETE /api/v1/requests/<id>: the requester deletes it, with its answers
  DELETE: async (_request, _params, { owned }) => {
    await deleteRequest(owned);
    return new ApiAnswer(null, { status: 204 });
  },
});
