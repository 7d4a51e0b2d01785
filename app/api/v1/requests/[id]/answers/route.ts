import { publicBaseUrl } from "@/lib/http/public-url";
import { parseBody } from "@/lib/http/parse-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { jsonResponse } from "@/lib/http/respond";
import { routeHandlers } from "@/lib/http/route-handlers";
import { readerOf } from "@/lib/notes/reader";
import { signedInOf } from "@/lib/people/sign-in-gate";
import { answerRequest } from "@/lib/requests/answer-request";
import { listAnswers } from "@/lib/requests/manage-answers";
import { toAnsweredResponse, toAnswerListResponse } from "@/lib/requests/request-response";
import { answerRequestBodySchema } from "@/lib/requests/request-schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  "/api/v1/requests/[id]/answers",
  {
    // GET /api/v1/requests/<id>/answers: the requester lists the answers
    GET: async (_request, _params, { owned }) => {
      return jsonResponse(toAnswerListResponse(owned, await listAnswers(owned)), {
        headers: { "cache-control": "no-store" },
      });
    },
    // POST /api/v1/requests/<id>/answers: a responder sends a sealed answer
    POST: async (request, { id }, { limits }) => {
      const body = parseBody(answerRequestBodySchema, await readJsonBody(request), (path) =>
        path[0] === "files" ? "bad_files" : "bad_envelope",
      );
      const reader = await readerOf(id, request.headers, limits.clientId);
      const answered = await answerRequest({
        id,
        envelope: body.envelope,
        files: body.files,
        reader,
        client: limits.clientId,
        signedIn: signedInOf(request.headers),
      });
      return jsonResponse(toAnsweredResponse(answered, publicBaseUrl(request), id), { status: 201 });
    },
  },
);
