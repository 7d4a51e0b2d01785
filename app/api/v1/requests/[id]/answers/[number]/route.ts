import { ApiAnswer } from "@/lib/http/api-answer";
import { publicBaseUrl } from "@/lib/http/public-url";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { deleteAnswer, readAnswer } from "@/lib/requests/manage-answers";
import { answerNumberOf } from "@/lib/requests/request-id";
import { toAnswerResponse } from "@/lib/requests/request-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/requests/[id]/answers/[number]",
  {
    // GET /api/v1/requests/<id>/answers/<n>: the requester fetches one answer's envelope
    GET: async (request, { id, number }, { owned }) => {
      const answer = await readAnswer(owned, answerNumberOf(number));
      return jsonResponse(toAnswerResponse(answer, publicBaseUrl(request), id), {
        headers: { "cache-control": "no-store" },
      });
    },
    // DELETE /api/v1/requests/<id>/answers/<n>: the requester burns or deletes one answer
    DELETE: async (_request, { number }, { owned }) => {
      await deleteAnswer(owned, answerNumberOf(number));
      return new ApiAnswer(null, { status: 204 });
    },
  },
);
